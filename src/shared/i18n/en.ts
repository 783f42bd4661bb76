import { cardMessages } from './messages/cards';
import { clientsMessages } from './messages/clients';
import { coreMessages } from './messages/core';
import { editorDialogMessages } from './messages/editor-dialogs';
import type { MessageKey } from './tw';

export const en: Record<MessageKey, string> = {
  ...coreMessages.en,
  ...cardMessages.en,
  ...clientsMessages.en,
  ...editorDialogMessages.en,
};
