import '@mantine/tiptap/styles.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import classes from './rich-text.module.css';

/** The toolbar and link editor in Chinese (Mantine ships English labels). */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: '加粗',
  italicControlLabel: '斜体',
  underlineControlLabel: '下划线',
  strikeControlLabel: '删除线',
  clearFormattingControlLabel: '清除格式',
  linkControlLabel: '插入链接',
  unlinkControlLabel: '移除链接',
  bulletListControlLabel: '无序列表',
  orderedListControlLabel: '有序列表',
  h1ControlLabel: '一级标题',
  h2ControlLabel: '二级标题',
  h3ControlLabel: '三级标题',
  h4ControlLabel: '四级标题',
  blockquoteControlLabel: '引用',
  codeControlLabel: '行内代码',
  codeBlockControlLabel: '代码块',
  hrControlLabel: '分隔线',
  undoControlLabel: '撤销',
  redoControlLabel: '重做',
  linkEditorInputLabel: '链接地址',
  linkEditorInputPlaceholder: 'https://example.com/',
  linkEditorExternalLink: '在新标签页打开链接',
  linkEditorInternalLink: '在当前标签页打开链接',
  linkEditorSave: '保存',
};

export interface RichTextEditorProps {
  /** Initial HTML; later changes of the prop are not pushed into the editor. */
  value: string;
  /** The editor's HTML, or '' when it holds no text. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Accessible name of the editable area. */
  label: string;
  invalid?: boolean;
  minHeight?: number;
  /** Put the caret at the end of the text once the editor is up (it was started by a focus or a tap). */
  autoFocus?: boolean;
}

/**
 * The rich-text editor (tiptap 3 through @mantine/tiptap). Heavy: load it
 * through RichTextInput, which imports this file lazily.
 */
export default function RichTextEditorImpl({
  value,
  onChange,
  onBlur,
  label,
  invalid,
  minHeight = 240,
  autoFocus = false,
}: RichTextEditorProps) {
  // The editor is created once; these refs keep its callbacks current.
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4] } }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
    ],
    content: value,
    autofocus: autoFocus ? 'end' : false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlurRef.current?.(),
  });

  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          'aria-label': label,
          'aria-multiline': 'true',
          role: 'textbox',
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, label, invalid]);

  return (
    <RichTextEditor
      editor={editor}
      labels={LABELS}
      className={classes.editor}
      data-invalid={invalid || undefined}
      style={{ '--rich-text-min-height': `${minHeight}px` } as React.CSSProperties}
    >
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Code />
          <RichTextEditor.CodeBlock />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content className={classes.content} />
    </RichTextEditor>
  );
}
