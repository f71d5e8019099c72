import type { LoginUser } from '@dfrm/sdk/user';
import { Paper, Tabs, Text, Title } from '@mantine/core';
import { IconChartCandle, IconDatabase, IconSchool } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { HOME_PATH, safeRedirect } from '@/shared/session/entry-paths';
import { loadSchoolInfo } from '@/shared/session/school-info';
import { useSession, useSessionApi } from '@/shared/session/session-context';
import { canSwitchRole, mustChangePassword, type SchoolInfo } from '@/shared/session/session-store';
import { BrandMark } from '@/components/brand-mark';
import { AccountLoginForm } from '@/features/account/forms/account-login-form';
import classes from './login-page.module.css';

// Both are needed by some visitors only (SMS login, users with two roles), so they load on demand.
const SmsLoginForm = lazy(() => import('@/features/account/forms/sms-login-form'));
const RolePicker = lazy(() => import('@/features/account/components/role-picker'));
// Only students still on an initial password see it.
const ChangeInitialPasswordForm = lazy(() => import('@/features/account/forms/change-initial-password-form'));

const HIGHLIGHTS = [
  { icon: IconDatabase, title: '数据分析', text: 'Python 与数据集实训，在云端 Notebook 中动手练习' },
  { icon: IconChartCandle, title: '量化金融', text: '从因子研究到策略回测，循序渐进的量化课程' },
  { icon: IconSchool, title: '教学管理', text: '班级、通知、作业与考试，教师和学生在同一平台协作' },
];

/** /account: log in by account or SMS, choose a role when the school gives two, then go on. */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const session = useSessionApi();
  // A stored session the route guard sent here: it still has to replace the initial password.
  const { user: storedUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<SchoolInfo | null>(null);
  const [mustChange, setMustChange] = useState<{ user: LoginUser; password: string | undefined } | null>(
    null,
  );
  // The SMS form mounts on first visit to its tab and then stays, keeping a running countdown.
  const [smsVisited, setSmsVisited] = useState(false);

  const finish = () => navigate({ href: safeRedirect(redirectTo) ?? HOME_PATH, replace: true });

  const enter = async (user: LoginUser) => {
    // Nothing read for a previous user may leak into this one.
    queryClient.clear();
    session.setUser(user);
    let school: SchoolInfo | null = null;
    try {
      school = await loadSchoolInfo(queryClient, session);
    } catch {
      // Reported by the global error path; the user still gets in with default school info.
    }
    if (school && canSwitchRole(school)) setChoosing(school);
    else await finish();
  };

  // A student on the initial password is kept here (and not stored as logged in) until they change it.
  const handleLoggedIn = async (user: LoginUser, password?: string) => {
    if (user.mustChangePassword) setMustChange({ user, password });
    else await enter(user);
  };

  const changing =
    mustChange ??
    (storedUser && mustChangePassword(storedUser) ? { user: storedUser, password: undefined } : null);

  return (
    <div className={classes.page}>
      <section className={classes.hero} aria-label="平台介绍">
        <BrandMark inverted subtitle="" />
        <div className={classes.heroBody}>
          <Title order={1} className={classes.heroTitle}>
            数据分析与量化金融教学平台
          </Title>
          <Text className={classes.heroLead}>课程学习、实训练习、作业与考试，在一个平台上完成。</Text>
          <ul className={classes.highlights}>
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <span className={classes.highlightIcon}>
                  <Icon size={20} aria-hidden />
                </span>
                <span>
                  <strong>{title}</strong>
                  {text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <Text className={classes.heroFoot}>dfrm · 面向高校师生的教学与实训平台</Text>
      </section>

      <main className={classes.panel}>
        <Paper className={classes.card} radius="lg" shadow="md" p="xl">
          <div className={classes.mobileBrand}>
            <BrandMark />
          </div>
          {changing ? (
            <Suspense fallback={null}>
              <ChangeInitialPasswordForm
                user={changing.user}
                oldPassword={changing.password}
                onChanged={() => enter({ ...changing.user, mustChangePassword: false })}
                onLeft={() => setMustChange(null)}
              />
            </Suspense>
          ) : choosing ? (
            <Suspense fallback={null}>
              <RolePicker school={choosing} onChosen={() => void finish()} />
            </Suspense>
          ) : (
            <>
              <Title order={2} className={classes.cardTitle}>
                欢迎登录
              </Title>
              <Text c="dimmed" size="sm" mt={6} mb="lg">
                使用学校分配的账号，或已绑定的手机号登录
              </Text>
              <Tabs defaultValue="account" onChange={(tab) => tab === 'sms' && setSmsVisited(true)}>
                <Tabs.List grow>
                  <Tabs.Tab value="account">账号登录</Tabs.Tab>
                  <Tabs.Tab value="sms">短信登录</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="account" pt="lg">
                  <AccountLoginForm onLoggedIn={handleLoggedIn} />
                </Tabs.Panel>
                <Tabs.Panel value="sms" pt="lg">
                  {smsVisited ? (
                    <Suspense fallback={null}>
                      <SmsLoginForm onLoggedIn={handleLoggedIn} />
                    </Suspense>
                  ) : null}
                </Tabs.Panel>
              </Tabs>
            </>
          )}
        </Paper>
      </main>
    </div>
  );
}
