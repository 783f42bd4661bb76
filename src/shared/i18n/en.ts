import { cardMessages } from './messages/cards';
import { clientsMessages } from './messages/clients';
import { coreMessages } from './messages/core';
import { viewerMessages } from './messages/viewer';
import { editorDialogMessages } from './messages/editor-dialogs';
import { printMessages } from './messages/print';
import { pdfMessages } from './messages/pdf';
import { securityMessages } from './messages/security';
import { roleMessages } from './messages/roles';
import { cardPageMessages } from './messages/card-pages';
import { scanMessages } from './messages/scan';
import { scanReadingMessages } from './messages/scan-reading';
import { scoresMessages } from './messages/scores';
import { gradingMessages } from './messages/grading';
import { rosterMessages } from './messages/roster';
import { fieldMessages } from './messages/fields';
import type { MessageKey } from './tw';

export const en: Record<MessageKey, string> = {
  ...coreMessages.en,
  ...cardMessages.en,
  ...clientsMessages.en,
  ...viewerMessages.en,
  ...editorDialogMessages.en,
  ...printMessages.en,
  ...pdfMessages.en,
  ...securityMessages.en,
  ...roleMessages.en,
  ...cardPageMessages.en,
  ...scanMessages.en,
  ...scanReadingMessages.en,
  ...scoresMessages.en,
  ...gradingMessages.en,
  ...rosterMessages.en,
  ...fieldMessages.en,
};
