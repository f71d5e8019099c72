import type { SmsSender } from '../lib/sms-sender';

export interface SentSms {
  phone: string;
  code: string;
}

/** An SMS gateway that keeps what it was asked to send. */
export interface CapturingSms extends SmsSender {
  readonly sent: SentSms[];
  /** The newest code sent to a phone. */
  lastCode(phone: string): string | undefined;
  clear(): void;
}

export function createCapturingSms(): CapturingSms {
  const sent: SentSms[] = [];
  return {
    sent,
    async send(phone, code) {
      sent.push({ phone, code });
    },
    lastCode: (phone) => sent.findLast((entry) => entry.phone === phone)?.code,
    clear: () => {
      sent.length = 0;
    },
  };
}
