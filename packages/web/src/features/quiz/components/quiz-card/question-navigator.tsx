import { Button, SimpleGrid, Text } from '@mantine/core';

export interface NavigatorItem {
  quId: string;
  sortNo: number;
  answered: boolean;
  /** The latest answer is not on the server yet. */
  unsaved: boolean;
}

/** 答题卡: a button per question, filled once answered, marked while not saved. */
export function QuestionNavigator({
  items,
  current,
  onSelect,
}: {
  items: readonly NavigatorItem[];
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label="答题卡">
      <SimpleGrid cols={{ base: 8, sm: 5 }} spacing={6} verticalSpacing={6}>
        {items.map((item, index) => (
          <Button
            key={item.quId}
            size="compact-sm"
            px={0}
            variant={
              item.answered ? 'filled' : item.unsaved ? 'light' : index === current ? 'outline' : 'default'
            }
            color={item.unsaved ? 'orange' : undefined}
            aria-current={index === current ? 'step' : undefined}
            aria-label={`第 ${item.sortNo} 题，${item.answered ? '已作答' : '未作答'}${item.unsaved ? '，未保存' : ''}`}
            onClick={() => onSelect(index)}
            style={
              index === current
                ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 1 }
                : undefined
            }
          >
            {item.sortNo}
          </Button>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        实心为已作答，橙色为未保存
      </Text>
    </nav>
  );
}
