/**
 * The teaching pages are mounted in two areas with their own addresses: the
 * old one under the main shell (/teaching/...) and the new teaching shell
 * (/teaching-manage/...). A page gets its area from the route that mounts it
 * and keeps its links inside that area; the value is the area's first path
 * segment.
 */
export type TeachingArea = 'teaching' | 'teaching-manage';
