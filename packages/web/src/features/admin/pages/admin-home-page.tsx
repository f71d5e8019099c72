import '@mantine/core/styles/Skeleton.layer.css';
import {
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingCommunity, IconChevronRight, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { PageHeader } from '@/components/page/page-header';
import { adminGroupsQuery, adminSchoolsQuery, adminUsersQuery } from '@/features/admin/api/admin-queries';

interface Area {
  to: '/admin/schools' | '/admin/users' | '/admin/user-groups';
  title: string;
  unit: string;
  text: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const AREAS: Area[] = [
  {
    to: '/admin/schools',
    title: '学校管理',
    unit: '所学校',
    text: '查看各学校的教师、学生、学校管理员与行政班数量，新建学校或修改名称。',
    icon: IconBuildingCommunity,
  },
  {
    to: '/admin/users',
    title: '用户管理',
    unit: '个账号',
    text: '按账号、姓名、手机号、学校与身份查找账号，重置密码，停用或启用账号。',
    icon: IconUsers,
  },
  {
    to: '/admin/user-groups',
    title: '用户组管理',
    unit: '个用户组',
    text: '维护各学校的用户组（资源池）及其成员，可按 Excel 批量绑定。',
    icon: IconUsersGroup,
  },
];

function useTotals() {
  const schools = useQuery(adminSchoolsQuery({ keyword: '', pageIndex: 1, pageSize: 1 }));
  const users = useQuery(
    adminUsersQuery({ keyword: '', schoolId: null, role: null, pageIndex: 1, pageSize: 1 }),
  );
  const groups = useQuery(adminGroupsQuery({ keyword: '', schoolId: null, pageIndex: 1, pageSize: 1 }));
  return { '/admin/schools': schools, '/admin/users': users, '/admin/user-groups': groups } as const;
}

/** /admin: the platform admin's home: how much there is, and the way to each list. */
export function AdminHomePage() {
  const totals = useTotals();
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <PageHeader title="管理后台" description="平台管理员维护学校、账号与用户组。" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {AREAS.map((area) => {
            const query = totals[area.to];
            const Icon = area.icon;
            return (
              <Card
                key={area.to}
                withBorder
                padding="lg"
                radius="md"
                component="section"
                aria-label={area.title}
              >
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" radius="md">
                      <Icon size={20} aria-hidden />
                    </ThemeIcon>
                    <Title order={2} fz="h4">
                      {area.title}
                    </Title>
                  </Group>
                  {query.isPending ? (
                    <Skeleton h={36} w={120} />
                  ) : query.isError ? (
                    <LoadError
                      title="数量加载失败"
                      error={query.error}
                      onRetry={() => void query.refetch()}
                    />
                  ) : (
                    <Text fz={28} fw={700} lh={1.2}>
                      {query.data.total}
                      <Text span size="sm" c="dimmed" fw={400} ml={6}>
                        {area.unit}
                      </Text>
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {area.text}
                  </Text>
                  <Button
                    variant="light"
                    rightSection={<IconChevronRight size={16} aria-hidden />}
                    renderRoot={(props) => <Link {...props} to={area.to} />}
                  >
                    进入{area.title}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
