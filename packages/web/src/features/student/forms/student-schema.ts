import * as z from 'zod/mini';

// The patterns of specs/tms/student.yaml StudentSave, in words for people.
export const studentNumberSchema = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,32}$/, '学号为 1–32 位字母、数字、下划线或连字符'));
export const studentNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入姓名'), z.maxLength(32, '姓名最长 32 个字符'));
export const classIdSchema = z.string().check(z.minLength(1, '请选择行政班'));
export const phoneSchema = z.string().check(z.trim(), z.regex(/^(1\d{10})?$/, '请输入 11 位手机号，或留空'));
export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.maxLength(100, '邮箱最长 100 个字符'),
    z.regex(/^([^@\s]+@[^@\s]+\.[^@\s]+)?$/, '邮箱格式不正确'),
  );
export const userNameSchema = z
  .string()
  .check(z.trim(), z.regex(/^([A-Za-z0-9_.@-]{4,64})?$/, '账号为 4–64 位字母、数字或 _ . @ -，或留空'));
export const passwordSchema = z.string().check(z.regex(/^(.{6,32})?$/, '初始密码为 6–32 个字符，或留空'));

export interface StudentFormValues {
  studentNumber: string;
  studentName: string;
  gender: string;
  classId: string;
  phoneNumber: string;
  email: string;
  userName: string;
  password: string;
}
