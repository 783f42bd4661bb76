/** A page as the legacy API reports it: read, needing review, or not one of this card's pages; `key`: an answer-key sheet (page code tail K, docs/scores.md). */
export type ScanPageStatus = 'read' | 'review' | 'unidentified' | 'wrong_card' | 'blank' | 'key';
