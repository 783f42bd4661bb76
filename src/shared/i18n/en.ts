import { cardMessages } from './messages/cards';
import { coreMessages } from './messages/core';
import type { MessageKey } from './tw';

export const en: Record<MessageKey, string> = {
  ...coreMessages.en,
  ...cardMessages.en,
};
