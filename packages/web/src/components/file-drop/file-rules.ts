import { formatFileSize } from '@/shared/format';

/**
 * The file types courseware takes, and with it homework attachments and answers (the server's
 * services/courseware/files.ts types them by extension).
 */
export const COURSEWARE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'xls',
  'xlsx',
  'csv',
  'txt',
  'zip',
  'rar',
  'ipynb',
  'py',
  'mp4',
  'png',
  'jpg',
  'jpeg',
] as const;

export interface FileRules {
  /** Largest file in bytes. */
  maxSize: number;
  /** Allowed extensions, lower case without the dot; empty allows any. */
  extensions: readonly string[];
  /** How many files the list may hold at most. */
  maxFiles?: number;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** Why a file cannot be taken, in Chinese, or null when it can. */
export function checkFile(file: { name: string; size: number }, rules: FileRules): string | null {
  if (rules.extensions.length > 0 && !rules.extensions.includes(extensionOf(file.name))) {
    return `不支持的文件类型，仅支持 ${rules.extensions.join('、')}`;
  }
  if (file.size > rules.maxSize) return `文件超过 ${formatFileSize(rules.maxSize)} 的大小限制`;
  if (file.size === 0) return '文件是空的';
  return null;
}

/** The accept attribute of the file picker, so the dialog offers the allowed kinds first. */
export function acceptAttribute(rules: FileRules): string | undefined {
  return rules.extensions.length > 0 ? rules.extensions.map((ext) => `.${ext}`).join(',') : undefined;
}

export function rulesHint(rules: FileRules): string {
  const parts = [];
  if (rules.extensions.length > 0) parts.push(`支持 ${rules.extensions.join('、')}`);
  parts.push(`单个文件不超过 ${formatFileSize(rules.maxSize)}`);
  if (rules.maxFiles) parts.push(`最多 ${rules.maxFiles} 个文件`);
  return parts.join('；');
}
