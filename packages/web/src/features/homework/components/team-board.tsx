import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import type { BoardAction, DraftTeam, Pupil } from './team-board-state';

const UNGROUPED = '';

const byNumber = (a: Pupil, b: Pupil) =>
  a.studentNumber === b.studentNumber
    ? a.studentId.localeCompare(b.studentId)
    : a.studentNumber < b.studentNumber
      ? -1
      : 1;

/**
 * The teams of a set as cards the teacher edits: rename a team, choose its leader, move a
 * student to another team or out of all of them, add and remove teams; the students in no
 * team are listed last, each with the team to put them in. Every move is a native select, so
 * the keyboard and screen readers work it like any form field (no drag and drop to learn).
 */
export function TeamBoard({
  teams,
  people,
  maxMembers,
  dispatch,
  disabled,
}: {
  teams: readonly DraftTeam[];
  /** Everyone who may be placed: the course's 在读 students and the members the teams already have. */
  people: ReadonlyMap<string, Pupil>;
  maxMembers: number;
  dispatch: Dispatch<BoardAction>;
  disabled: boolean;
}) {
  const placed = new Set(teams.flatMap((team) => team.studentIds));
  const ungrouped = [...people.values()].filter((pupil) => !placed.has(pupil.studentId)).sort(byNumber);
  const teamLabel = (team: DraftTeam, index: number) => team.groupName.trim() || `第 ${index + 1} 个小组`;
  const teamOptions = teams.map((team, index) => ({ value: team.key, label: teamLabel(team, index) }));
  const nameOf = (studentId: string) => people.get(studentId)?.studentName ?? `学生 ${studentId}`;
  const emptyTeamsWanted = Math.max(1, Math.ceil(ungrouped.length / Math.max(maxMembers, 1)));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {teams.length} 个小组，已分组 {placed.size} 人，未分组 {ungrouped.length}{' '}
          人。用每名学生旁的“调到”移动学生。
        </Text>
        <Group gap="xs">
          {teams.length === 0 && ungrouped.length > 0 ? (
            <Button
              size="xs"
              variant="light"
              disabled={disabled}
              onClick={() => dispatch({ type: 'add', count: emptyTeamsWanted })}
            >
              按人数上限建立 {emptyTeamsWanted} 个空小组
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={disabled}
            onClick={() => dispatch({ type: 'add', count: 1 })}
          >
            添加小组
          </Button>
        </Group>
      </Group>

      {teams.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {teams.map((team, index) => {
            const over = team.studentIds.length > maxMembers;
            return (
              <Paper
                key={team.key}
                component="section"
                aria-label={`小组 ${index + 1}`}
                withBorder
                radius="md"
                p="sm"
              >
                <Stack gap="xs">
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <TextInput
                      label="小组名称"
                      size="xs"
                      maxLength={50}
                      style={{ flex: 1 }}
                      value={team.groupName}
                      error={team.groupName.trim() ? undefined : '请输入小组名称'}
                      disabled={disabled}
                      onChange={(event) =>
                        dispatch({ type: 'rename', key: team.key, groupName: event.currentTarget.value })
                      }
                    />
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={disabled}
                      onClick={() => dispatch({ type: 'remove', key: team.key })}
                    >
                      删除小组
                    </Button>
                  </Group>
                  <Text size="xs" c={over ? 'red.8' : 'dimmed'}>
                    {team.studentIds.length} / {maxMembers} 人{over ? '，超过每组人数上限' : ''}
                    {team.teachingClassName ? ` · ${team.teachingClassName}` : ''}
                  </Text>
                  {team.studentIds.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      还没有成员：在下方“未分组学生”中把学生分到这个小组。
                    </Text>
                  ) : (
                    <>
                      <NativeSelect
                        label="组长"
                        size="xs"
                        value={team.leaderStudentId}
                        disabled={disabled}
                        data={team.studentIds.map((id) => ({ value: id, label: nameOf(id) }))}
                        onChange={(event) =>
                          dispatch({ type: 'leader', key: team.key, studentId: event.currentTarget.value })
                        }
                      />
                      <Stack
                        component="ul"
                        gap={6}
                        aria-label={`${teamLabel(team, index)}的成员`}
                        style={{ listStyle: 'none', padding: 0, margin: 0 }}
                      >
                        {team.studentIds.map((id) => {
                          const pupil = people.get(id);
                          return (
                            <Group key={id} component="li" gap="xs" justify="space-between" wrap="nowrap">
                              <div style={{ minWidth: 0 }}>
                                <Group gap={6}>
                                  <Text size="sm">{nameOf(id)}</Text>
                                  {id === team.leaderStudentId ? (
                                    <Badge size="xs" variant="light" radius="sm">
                                      组长
                                    </Badge>
                                  ) : null}
                                </Group>
                                {pupil ? (
                                  <Text size="xs" c="dimmed" truncate>
                                    {pupil.studentNumber} · {pupil.className}
                                  </Text>
                                ) : null}
                              </div>
                              <NativeSelect
                                size="xs"
                                w={120}
                                aria-label={`将${nameOf(id)}调到`}
                                value={team.key}
                                disabled={disabled}
                                data={[...teamOptions, { value: UNGROUPED, label: '移出（未分组）' }]}
                                onChange={(event) =>
                                  dispatch({
                                    type: 'move',
                                    studentId: id,
                                    to: event.currentTarget.value || null,
                                  })
                                }
                              />
                            </Group>
                          );
                        })}
                      </Stack>
                    </>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      ) : null}

      <Paper component="section" aria-label="未分组学生" withBorder radius="md" p="sm" bg="gray.0">
        <Text size="sm" fw={600} mb="xs">
          未分组学生（{ungrouped.length} 人）
        </Text>
        {ungrouped.length === 0 ? (
          <Text size="sm" c="dimmed">
            所有学生都已分到小组。
          </Text>
        ) : (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="xs"
            verticalSpacing={6}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {ungrouped.map((pupil) => (
              <Group key={pupil.studentId} component="li" gap="xs" justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">{pupil.studentName}</Text>
                  <Text size="xs" c="dimmed" truncate>
                    {pupil.studentNumber} · {pupil.className}
                  </Text>
                </div>
                <NativeSelect
                  size="xs"
                  w={120}
                  aria-label={`将${pupil.studentName}分到`}
                  value={UNGROUPED}
                  disabled={disabled || teams.length === 0}
                  data={[
                    { value: UNGROUPED, label: teams.length === 0 ? '先添加小组' : '分到小组…' },
                    ...teamOptions,
                  ]}
                  onChange={(event) => {
                    const to = event.currentTarget.value;
                    if (to) dispatch({ type: 'move', studentId: pupil.studentId, to });
                  }}
                />
              </Group>
            ))}
          </SimpleGrid>
        )}
      </Paper>
    </Stack>
  );
}
