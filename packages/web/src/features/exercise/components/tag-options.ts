import type { ExerciseTag } from '@dfrm/sdk/resource';

/** The tags as choices, a child under its parent as “上级 / 子级”. */
export function tagOptions(tags: readonly ExerciseTag[]): { value: string; label: string }[] {
  const names = new Map(tags.map((tag) => [tag.tagId, tag.tagName]));
  return tags.map((tag) => ({
    value: tag.tagId,
    label: tag.parentId === '0' ? tag.tagName : `${names.get(tag.parentId) ?? ''} / ${tag.tagName}`,
  }));
}
