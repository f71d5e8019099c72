import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { zCorrectStudentWorkBody, zCourseListQuery } from '../gen/tms/zod.gen.js';
import { zLoginRequest } from '../gen/user/zod.gen.js';
import { describeIssues } from './errors.js';

/** The message as the server gets it (issues carry their input) and as the SDK does (looked up). */
function both(schema: z.ZodMiniType, value: unknown): [string, string] {
  const withInput = z.safeParse(schema, value, { reportInput: true });
  const without = z.safeParse(schema, value);
  if (withInput.success || without.success) throw new Error('the value passed the schema');
  return [describeIssues(withInput.error.issues), describeIssues(without.error.issues, value)];
}

describe('describeIssues', () => {
  it.each([
    [zCourseListQuery, { schoolId: '1', pageIndex: 1 }, '参数 pageSize 不能为空'],
    [zCourseListQuery, { schoolId: '1', pageIndex: '1', pageSize: 10 }, '参数 pageIndex 类型不正确'],
    [zCourseListQuery, { schoolId: '1', pageIndex: 0, pageSize: 10 }, '参数 pageIndex 不能小于 1'],
    [
      zCourseListQuery,
      { schoolId: '1', pageIndex: 1, pageSize: 10, keyword: 'x'.repeat(51) },
      '参数 keyword 长度不能超过 50 个字符',
    ],
    [zLoginRequest, { account: 'teacher1', password: '', productId: 7 }, '参数 password 不能为空'],
    [zLoginRequest, { phoneNumber: '13800000001', productId: 7 }, '参数 smsCode 不能为空'],
    [
      zLoginRequest,
      { account: 'teacher1', password: 'x', productId: 8 },
      '参数 productId 取值不正确，可选值：7',
    ],
    // the spec's multipleOf (scores in steps of 0.5), kept through generation
    [
      zCorrectStudentWorkBody,
      { schoolId: '1', studentWorkId: '9', score: 80.25 },
      '参数 score 必须是 0.5 的整数倍',
    ],
    [zLoginRequest, undefined, '请求参数不能为空'],
    [zLoginRequest, 'teacher1', '请求参数格式不正确'],
  ])('says the same with or without reported input: %#', (schema, value, message) => {
    expect(both(schema as z.ZodMiniType, value)).toEqual([message, message]);
  });

  it('has a message when there is no issue', () => {
    expect(describeIssues([])).toBe('请求参数格式不正确');
  });
});
