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

// The tw catalogue (default): each area keeps its messages in ./messages/<area>.ts, with tw and en
// side by side so a missing translation is a type error; UI-only text lives in src/client/i18n.
export const tw = {
  ...coreMessages.tw,
  ...cardMessages.tw,
  ...clientsMessages.tw,
  ...viewerMessages.tw,
  ...editorDialogMessages.tw,
  ...printMessages.tw,
  ...pdfMessages.tw,
  ...securityMessages.tw,
  ...roleMessages.tw,
  ...cardPageMessages.tw,
  ...scanMessages.tw,
  ...scanReadingMessages.tw,
  ...scoresMessages.tw,
  ...gradingMessages.tw,
  ...rosterMessages.tw,
  ...fieldMessages.tw,
} as const;

export type MessageKey = keyof typeof tw;
