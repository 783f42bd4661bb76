import { cardMessages } from './messages/cards';
import { clientsMessages } from './messages/clients';
import { coreMessages } from './messages/core';
import { pdfMessages } from './messages/pdf';
import type { MessageKey } from './tw';

export const en: Record<MessageKey, string> = {
  ...coreMessages.en,
  ...cardMessages.en,
  ...clientsMessages.en,
  ...pdfMessages.en,
};
