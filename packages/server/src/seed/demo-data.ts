/**
 * The demo school, in one place: the seed writes it, the start banner prints
 * it and the tests log in with it.
 */
export const DEFAULT_DEMO_PASSWORD = 'dfrm2026';

export function demoPassword(env: NodeJS.ProcessEnv = process.env): string {
  return env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
}

export const DEMO_SCHOOL = {
  id: 1,
  name: '演示金融科技学院',
  college: '金融学院',
  major: '金融工程',
  grade: '2026级',
  userGroup: '金融学院资源池',
  classes: ['金融工程2026级1班', '金融工程2026级2班'],
} as const;

export type DemoRole = 'admin' | 'schoolManager' | 'groupAdmin' | 'teacher' | 'student';

export interface DemoAccount {
  userName: string;
  realName: string;
  phoneNumber: string;
  role: DemoRole;
  /** Students only: roster data. */
  studentNumber?: string;
  className?: string;
}

const STUDENT_NAMES = [
  '陈思远',
  '林雨桐',
  '黄子轩',
  '吴佳怡',
  '刘浩然',
  '张欣怡',
  '杨博文',
  '郑雅琪',
  '何俊杰',
  '罗诗涵',
  '高宇航',
  '梁梦瑶',
  '谢天佑',
  '宋可馨',
  '唐明轩',
  '许晨曦',
  '韩雨萱',
  '冯志远',
  '邓嘉怡',
  '曹文博',
  '彭思彤',
  '曾子涵',
  '萧逸飞',
  '田心怡',
  '董浩宇',
  '袁佳琪',
  '潘俊熙',
  '蒋若曦',
  '蔡一鸣',
  '贾书瑶',
] as const;

const students: DemoAccount[] = STUDENT_NAMES.map((realName, index) => {
  const n = index + 1;
  return {
    userName: `student${String(n).padStart(2, '0')}`,
    realName,
    phoneNumber: `139${String(n).padStart(8, '0')}`,
    role: 'student',
    studentNumber: `2026${String(n).padStart(4, '0')}`,
    // student01–15 in class 1, student16–30 in class 2
    className: DEMO_SCHOOL.classes[n <= 15 ? 0 : 1],
  };
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { userName: 'admin', realName: '赵建国', phoneNumber: '13800000010', role: 'admin' },
  { userName: 'manager', realName: '钱淑芬', phoneNumber: '13800000011', role: 'schoolManager' },
  { userName: 'groupadmin', realName: '孙志强', phoneNumber: '13800000012', role: 'groupAdmin' },
  { userName: 'teacher1', realName: '李明华', phoneNumber: '13800000001', role: 'teacher' },
  { userName: 'teacher2', realName: '周晓燕', phoneNumber: '13800000002', role: 'teacher' },
  ...students,
];

export function demoAccount(userName: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((entry) => entry.userName === userName);
  if (!account) throw new Error(`no demo account ${userName}`);
  return account;
}

export const DEMO_ROLE_LABELS: Record<DemoRole, string> = {
  admin: '系统管理员',
  schoolManager: '学校管理员',
  groupAdmin: '用户组管理员',
  teacher: '教师',
  student: '学生',
};
