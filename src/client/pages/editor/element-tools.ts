import { isCell, type EditNode } from '../../../shared/card/edit/block-tree';

// The element toolbar per block kind (page-editor.md §3 "Element toolbar actions"). Structural
// actions (select parent, move, clone, delete) are added by the toolbar for movable blocks;
// these are the settings each kind offers, named after the dialog they open.

export type DialogName = 'subQuestion' | 'choice' | 'charCount' | 'imageHeight' | 'fieldHeight' | 'scoreBox' | 'ratio' | 'equalColumns' | 'border' | 'align' | 'child' | 'title';
export type ToolName = DialogName | 'image' | 'text';

export function toolsFor(node: EditNode): ToolName[] {
  if (isCell(node)) return [];
  switch (node.kind) {
    case 'singleChoice':
    case 'multiChoice':
      return ['choice', 'border', 'child'];
    case 'subQuestionGroup':
      // 'child' applies to the sub-question item clicked in the group (the toolbar hides it otherwise).
      return ['subQuestion', 'border', 'child'];
    case 'freeAnswer':
      return ['fieldHeight', 'scoreBox', 'border', 'child'];
    case 'text':
      return ['text', 'fieldHeight', 'align'];
    case 'borderedText':
      return ['text', 'fieldHeight', 'align', 'border'];
    case 'handwritingGrid':
    case 'dotUnderline':
      return ['charCount'];
    case 'underline':
    case 'blank':
      return ['fieldHeight'];
    case 'ratioSplit':
      return ['ratio', 'fieldHeight', 'border'];
    case 'equalSplit':
      return ['equalColumns', 'fieldHeight', 'border'];
    case 'image':
    case 'imageColumns':
    case 'ratioChart':
      return ['image', 'imageHeight'];
    case 'imageText':
      return ['image', 'text', 'imageHeight'];
    case 'otherBase':
    case 'header':
      return ['title'];
    default:
      return [];
  }
}

/** Toolbar labels by tool. */
export const TOOL_LABEL = {
  subQuestion: 'editor.tool.subQuestion',
  choice: 'editor.tool.choice',
  charCount: 'editor.tool.chars',
  imageHeight: 'editor.tool.height',
  fieldHeight: 'editor.tool.height',
  scoreBox: 'editor.tool.scoreBox',
  ratio: 'editor.tool.ratio',
  equalColumns: 'editor.tool.columns',
  border: 'editor.tool.border',
  align: 'editor.tool.align',
  child: 'editor.tool.child',
  title: 'editor.tool.title',
  image: 'editor.tool.image',
  text: 'editor.tool.text',
} as const satisfies Record<ToolName, string>;
