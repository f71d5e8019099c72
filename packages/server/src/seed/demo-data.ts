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
  /** Students only: 1 男, 2 女 (the roster's StudentGender). */
  gender?: 1 | 2;
}

/** Demo students: name and roster gender (1 男, 2 女). */
const STUDENTS: readonly { name: string; gender: 1 | 2 }[] = [
  { name: '陈思远', gender: 1 },
  { name: '林雨桐', gender: 2 },
  { name: '黄子轩', gender: 1 },
  { name: '吴佳怡', gender: 2 },
  { name: '刘浩然', gender: 1 },
  { name: '张欣怡', gender: 2 },
  { name: '杨博文', gender: 1 },
  { name: '郑雅琪', gender: 2 },
  { name: '何俊杰', gender: 1 },
  { name: '罗诗涵', gender: 2 },
  { name: '高宇航', gender: 1 },
  { name: '梁梦瑶', gender: 2 },
  { name: '谢天佑', gender: 1 },
  { name: '宋可馨', gender: 2 },
  { name: '唐明轩', gender: 1 },
  { name: '许晨曦', gender: 2 },
  { name: '韩雨萱', gender: 2 },
  { name: '冯志远', gender: 1 },
  { name: '邓嘉怡', gender: 2 },
  { name: '曹文博', gender: 1 },
  { name: '彭思彤', gender: 2 },
  { name: '曾子涵', gender: 1 },
  { name: '萧逸飞', gender: 1 },
  { name: '田心怡', gender: 2 },
  { name: '董浩宇', gender: 1 },
  { name: '袁佳琪', gender: 2 },
  { name: '潘俊熙', gender: 1 },
  { name: '蒋若曦', gender: 2 },
  { name: '蔡一鸣', gender: 1 },
  { name: '贾书瑶', gender: 2 },
];

const students: DemoAccount[] = STUDENTS.map(({ name: realName, gender }, index) => {
  const n = index + 1;
  return {
    userName: `student${String(n).padStart(2, '0')}`,
    realName,
    phoneNumber: `139${String(n).padStart(8, '0')}`,
    role: 'student',
    studentNumber: `2026${String(n).padStart(4, '0')}`,
    gender,
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
