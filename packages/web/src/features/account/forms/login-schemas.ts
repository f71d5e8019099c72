// zod/mini rather than classic zod: the checks are the same, and this chunk
// stays small on /account (classic zod does not tree-shake).
import * as z from 'zod/mini';

// The same limits as specs/user.yaml (AccountLogin, SmsLogin), worded for people.
export const accountSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入账号'), z.maxLength(64, '账号最长 64 个字符'));
export const passwordSchema = z
  .string()
  .check(z.minLength(1, '请输入密码'), z.maxLength(128, '密码最长 128 个字符'));
export const phoneSchema = z.string().check(z.trim(), z.regex(/^1\d{10}$/, '请输入正确的手机号'));
export const smsCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, '请输入6位验证码'));

// The rules of specs/user/auth.yaml (ChangePasswordRequest.newPassword), worded for people.
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(8, '新密码至少 8 位'),
    z.maxLength(64, '新密码最长 64 位'),
    z.regex(/^\S*$/, '新密码不能含空格'),
    z.regex(/[A-Za-z]/, '新密码须包含字母'),
    z.regex(/\d/, '新密码须包含数字'),
  );
