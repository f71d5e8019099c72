import { IconFlagFilled } from '@tabler/icons-react';
import classes from './question-navigator.module.css';

export interface NavigatorItem {
  questionId: string;
  orderNo: number;
  answered: boolean;
  flagged: boolean;
  /** Its latest change is not acknowledged by the server yet. */
  unsaved: boolean;
}

/** 答题卡: every question by number, answered, flagged and not yet saved at a glance; a click opens it. */
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
      <ol className={classes.grid}>
        {items.map((item, index) => {
          const words = [
            `第 ${item.orderNo} 题`,
            item.answered ? '已作答' : '未作答',
            ...(item.flagged ? ['已标记'] : []),
            ...(item.unsaved ? ['未保存'] : []),
          ];
          return (
            <li key={item.questionId}>
              <button
                type="button"
                className={classes.item}
                data-answered={item.answered || undefined}
                aria-current={index === current ? 'step' : undefined}
                aria-label={words.join('，')}
                onClick={() => onSelect(index)}
              >
                {item.orderNo}
                {item.flagged ? <IconFlagFilled size={14} className={classes.flag} aria-hidden /> : null}
                {item.unsaved ? <span className={classes.unsaved} aria-hidden /> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <div className={classes.legend} aria-hidden>
        <span>
          <span className={classes.swatch} data-answered />
          已作答
        </span>
        <span>
          <span className={classes.swatch} />
          未作答
        </span>
        <span>
          <IconFlagFilled size={12} color="var(--mantine-color-orange-8)" /> 已标记
        </span>
        <span>● 未保存</span>
      </div>
    </nav>
  );
}
