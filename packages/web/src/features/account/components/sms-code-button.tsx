import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';

interface SmsCodeButtonProps {
  /** Sends the code; resolves to the seconds before a resend is allowed, or null when nothing was sent. */
  onRequest: () => Promise<number | null>;
}

/** 获取验证码, then a countdown (N秒后重发) during which it stays disabled. */
export function SmsCodeButton({ onRequest }: SmsCodeButtonProps) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((value) => value - 1), 1_000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const counting = secondsLeft > 0;
  return (
    <Button
      variant="light"
      size="md"
      miw={120}
      loading={pending}
      disabled={counting}
      onClick={async () => {
        setPending(true);
        try {
          const wait = await onRequest();
          if (wait !== null) setSecondsLeft(wait);
        } finally {
          setPending(false);
        }
      }}
    >
      {counting ? `${secondsLeft}秒后重发` : '获取验证码'}
    </Button>
  );
}
