import { Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { HomeEmpty } from './home-section';
import classes from './home.module.css';

/** One class of the timetable, whoever's it is. */
export interface TimetableEntry {
  key: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  courseName: string;
  sectionName: string;
  /** The teaching classes taking it, joined for reading. */
  classNames: string;
  location: string;
  /** The teacher, for a student's timetable. */
  teacher?: string | undefined;
}

// The zh-cn weekday names dayjs gave ('dddd'); plain Date keeps dayjs off the course home.
const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** 11月25日 星期三, for a calendar date (YYYY-MM-DD) */
export function formatDay(date: string): string {
  const [year = NaN, month = NaN, day = NaN] = date.split('-').map(Number);
  const d = new Date(year, month - 1, day);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${WEEKDAYS[d.getDay()]}`;
}

function timeOf(entry: TimetableEntry): string {
  if (!entry.startTime) return '时间待定';
  return entry.endTime ? `${entry.startTime}–${entry.endTime}` : entry.startTime;
}

function EntryRow({ entry }: { entry: TimetableEntry }) {
  return (
    <li className={classes.entry} aria-label={`${timeOf(entry)} ${entry.courseName}`}>
      <Text size="sm" fw={600} className={classes.time}>
        {timeOf(entry)}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {entry.courseName}
          <Text span size="sm" c="dimmed" fw={400}>
            {' · '}
            {entry.sectionName}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {[entry.classNames, entry.location || '地点待定', entry.teacher].filter(Boolean).join(' · ')}
        </Text>
      </div>
    </li>
  );
}

/** Classes of one day (今日课程). */
export function DayTimetable({ entries, empty }: { entries: readonly TimetableEntry[]; empty: string }) {
  if (entries.length === 0) {
    return (
      <HomeEmpty icon={<IconCalendarEvent size={24} aria-hidden />} title="今天没有课" description={empty} />
    );
  }
  return (
    <ul className={classes.list} aria-label="今日课程列表">
      {entries.map((entry) => (
        <EntryRow key={entry.key} entry={entry} />
      ))}
    </ul>
  );
}

/** Classes of the coming days (近期课程), under a heading per day. */
export function UpcomingTimetable({ entries, empty }: { entries: readonly TimetableEntry[]; empty: string }) {
  if (entries.length === 0) {
    return (
      <HomeEmpty
        icon={<IconCalendarEvent size={24} aria-hidden />}
        title="未来 7 天没有课"
        description={empty}
      />
    );
  }
  const days = new Map<string, TimetableEntry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return (
    <Stack gap="sm">
      {[...days].map(([date, list]) => (
        <div key={date}>
          <Group gap="xs" mb={4}>
            <Text size="xs" fw={600} c="gray.7">
              {formatDay(date)}
            </Text>
          </Group>
          <ul className={classes.list} aria-label={formatDay(date)}>
            {list.map((entry) => (
              <EntryRow key={entry.key} entry={entry} />
            ))}
          </ul>
        </div>
      ))}
    </Stack>
  );
}
