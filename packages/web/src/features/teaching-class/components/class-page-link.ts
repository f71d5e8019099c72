import { linkOptions } from '@tanstack/react-router';
import { ALL_CLASSES, AREA_PATHS, CLASS_DETAIL_PATH, type ClassTab } from '@/features/teaching-class/area';
import type { TeachingArea } from '@/shared/teaching-area';

/**
 * Where a course opens in each area: the one class page. The old area has it
 * at its detail route, the new one at class-detail (where the /course cards
 * lead too); both mount the same page.
 */
export function classPageLink(area: TeachingArea, courseId: string, tab?: ClassTab) {
  const search = tab ? { tab } : {};
  return area === 'teaching'
    ? linkOptions({
        to: AREA_PATHS.teaching.detail,
        params: { courseId, resourceId: ALL_CLASSES },
        search,
      })
    : linkOptions({ to: CLASS_DETAIL_PATH, search: { courseId, ...search } });
}
