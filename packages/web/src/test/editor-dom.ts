// jsdom lays nothing out, and ProseMirror (the rich-text editor) measures the
// selection to scroll it into view. Tests that type into the editor import
// this for empty rectangles instead of a crash.
const emptyRect = (): DOMRect => ({
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  bottom: 0,
  right: 0,
  width: 0,
  height: 0,
  toJSON: () => ({}),
});

function emptyRectList(): DOMRectList {
  const list = [] as unknown as DOMRectList & DOMRect[];
  Object.defineProperty(list, 'item', { value: () => null });
  return list;
}

Range.prototype.getBoundingClientRect ??= emptyRect;
Range.prototype.getClientRects ??= emptyRectList;
document.elementFromPoint ??= () => null;
