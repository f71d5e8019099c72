import { Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { openConfirmModal } from '@/shared/overlays';
import { QuizAnswerSaver, type QuizAnswerSaverOptions, type QuizSaverSnapshot } from './student-answer-saver';

// How long leaving the page waits for the last saves before asking.
const LEAVE_WAIT_MS = 8_000;

function confirmLeave(): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '答案还没有保存',
      centered: true,
      children: (
        <Text size="sm">
          有题目的答案还没有保存到服务器（网络或服务器暂时不可用）。它们保存在本机浏览器中，回到答卷后会继续发送；换用其他设备则看不到这些修改。确定离开吗？
        </Text>
      ),
      labels: { confirm: '仍然离开', cancel: '留在本页' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

/**
 * A QuizAnswerSaver for as long as the paper is shown: it also saves at once when the tab is
 * hidden or left, resends when the network is back, and holds a navigation until the last save
 * is acknowledged (asking when it cannot be); closing the tab with unsaved answers asks the
 * browser's way.
 */
export function useQuizAnswerSaver(
  options: QuizAnswerSaverOptions,
): QuizSaverSnapshot & { saver: QuizAnswerSaver } {
  // the saver is made once; its callbacks follow the newest render's
  const [saver] = useState(() => new QuizAnswerSaver(options));
  const { onAck, onClosed } = options;
  useEffect(() => {
    saver.setHandlers({ onAck, onClosed });
  }, [saver, onAck, onClosed]);

  useEffect(() => {
    saver.revive();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const onLeave = () => void saver.flush();
    const onOnline = () => saver.retryNow();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('online', onOnline);
      saver.dispose();
    };
  }, [saver]);

  useBlocker({
    shouldBlockFn: async () => {
      if (!saver.hasUnsaved() || saver.getSnapshot().closed !== null) return false;
      await saver.flushWithin(LEAVE_WAIT_MS);
      if (!saver.hasUnsaved()) return false;
      return !(await confirmLeave());
    },
    enableBeforeUnload: () => saver.hasUnsaved() && saver.getSnapshot().closed === null,
  });

  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot);
  return { ...snapshot, saver };
}
