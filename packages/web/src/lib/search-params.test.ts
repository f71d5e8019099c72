import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { courseIdSearch, parseSearch, stringifySearch } from './search-params';

describe('search params', () => {
  it('writes ids plainly and reads them back as strings', () => {
    expect(stringifySearch({ courseId: '1' })).toBe('?courseId=1');
    expect(parseSearch('?courseId=1')).toEqual({ courseId: '1' });
    const long = '123456789012345678';
    expect(stringifySearch({ courseId: long, resourceId: '0' })).toBe(`?courseId=${long}&resourceId=0`);
    expect(parseSearch(`?courseId=${long}&resourceId=0`)).toEqual({ courseId: long, resourceId: '0' });
  });

  it('round-trips a mixed search with every value keeping its type', () => {
    const search = {
      courseId: '12',
      page: 2,
      status: 0,
      keyword: '123',
      sortOrder: 'desc',
      redirect: '/teaching-manage/teacher/class-detail?courseId=12',
    };
    const text = stringifySearch(search);
    expect(text).toContain('courseId=12&');
    expect(parseSearch(text)).toEqual(search);
  });

  it('leaves other keys as the router writes and reads them by default', () => {
    const search = { page: 3, keyword: '007', flag: true, tags: ['a', 'b'], name: '张三' };
    expect(stringifySearch(search)).toBe(defaultStringifySearch(search));
    const text = defaultStringifySearch(search);
    expect(parseSearch(text)).toEqual(defaultParseSearch(text));
  });

  it('reads an id written the old, quoted way (a bookmark) as the same string', () => {
    expect(parseSearch('?courseId=%221%22')).toEqual({ courseId: '1' });
    expect(courseIdSearch(parseSearch('?courseId=%221%22'))).toEqual({ courseId: '1' });
  });

  it('hands courseIdSearch a string it accepts, and garbage it drops', () => {
    expect(courseIdSearch(parseSearch('?courseId=42'))).toEqual({ courseId: '42' });
    expect(courseIdSearch(parseSearch('?courseId=abc'))).toEqual({});
    expect(courseIdSearch(parseSearch('?courseId=1&courseId=2'))).toEqual({});
    expect(courseIdSearch(parseSearch(''))).toEqual({});
  });
});
