import { ApiError, ClientErrCode, ErrCode } from '@dfrm/sdk';
import type { MyWorkSaveResult } from '@dfrm/sdk/tms';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerSaver, type SaveRequest } from './api/answer-saver';
import { latePenaltyNotice, latePolicyText, timeLeftText } from './student-work-time';

// The saver against a fake server: what it sends, when, and what it does with each answer.

let server: {
  requests: SaveRequest[];
  revision: number;
  answer: (request: SaveRequest) => Promise<MyWorkSaveResult>;
};

function ack(request: SaveRequest, revision: number): MyWorkSaveResult {
  return {
    studentWorkId: '7',
    requestId: request.requestId,
    revision,
    savedAt: 1_000 + revision,
    status: request.submit ? 1 : 0,
    submitTime: request.submit ? 2_000 : null,
    isLate: false,
    replayed: false,
  };
}

function saver(options: Partial<ConstructorParameters<typeof AnswerSaver>[0]> = {}) {
  let id = 0;
  return new AnswerSaver({
    revision: 0,
    savedAt: null,
    draft: { content: '', attachments: [] },
    send: (request) => {
      server.requests.push(request);
      return server.answer(request);
    },
    requestId: () => `request-${(id += 1)}`,
    ...options,
  });
}

const type = (target: AnswerSaver, content: string) => target.update((draft) => ({ ...draft, content }));

beforeEach(() => {
  vi.useFakeTimers();
  server = {
    requests: [],
    revision: 0,
    answer: async (request) => {
      if (request.revision !== server.revision)
        throw new ApiError(ErrCode.conflict, '答案已在别处更新（可能是同组同学），请刷新后再保存', 409);
      server.revision += 1;
      return ack(request, server.revision);
    },
  };
});
afterEach(() => vi.useRealTimers());

describe('AnswerSaver', () => {
  it('saves once after a pause in typing, then builds on the acknowledged revision', async () => {
    const target = saver();
    type(target, '<p>日</p>');
    await vi.advanceTimersByTimeAsync(1_000);
    type(target, '<p>日收益率</p>');
    expect(target.getSnapshot().status.kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toEqual([
      { requestId: 'request-1', revision: 0, content: '<p>日收益率</p>', attachments: [], submit: false },
    ]);
    expect(target.getSnapshot().status).toEqual({ kind: 'saved', savedAt: 1_001 });

    type(target, '<p>日收益率为 0.52%</p>');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.requests[1]).toMatchObject({ requestId: 'request-2', revision: 1 });
    expect(target.hasUnsaved()).toBe(false);
  });

  it('resends an unanswered save unchanged, request id included, before saving what was typed since', async () => {
    let first = true;
    const answer = server.answer;
    server.answer = async (request) => {
      if (first) {
        first = false;
        // stored, but the answer is lost on the way back
        await answer(request);
        throw new ApiError(ClientErrCode.timeout, '请求超时，请稍后再试');
      }
      // the server replays the first acknowledgement for a repeated request id
      const earlier = server.requests.findIndex((sent) => sent.requestId === request.requestId);
      if (earlier < server.requests.length - 1) return { ...ack(request, 1), replayed: true };
      return answer(request);
    };
    const target = saver({ retryDelaysMs: [1_000] });
    type(target, '<p>第一版</p>');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(target.getSnapshot().status).toEqual({ kind: 'retrying', reason: '请求超时' });
    type(target, '<p>第二版</p>');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.requests[1]).toEqual(server.requests[0]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.requests[2]).toMatchObject({
      requestId: 'request-2',
      revision: 1,
      content: '<p>第二版</p>',
    });
    expect(server.revision).toBe(2);
    expect(target.getSnapshot().status.kind).toBe('saved');
  });

  it('stops at a conflict and hands back what the server does not hold', async () => {
    const onConflict = vi.fn();
    const target = saver({ onConflict });
    server.revision = 3;
    type(target, '<p>我的</p>');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(onConflict).toHaveBeenCalledWith(expect.objectContaining({ errCode: 7 }), {
      content: '<p>我的</p>',
      attachments: [],
    });
    expect(target.getSnapshot().status.kind).toBe('conflict');
    type(target, '<p>我的，接着写</p>');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.requests).toHaveLength(1);
    expect(target.hasUnsaved()).toBe(false);
  });

  it('hands in after saving what is pending; a refused hand-in leaves the saved draft as it was', async () => {
    const target = saver();
    type(target, '<p>答案</p>');
    const handedIn = target.submit();
    await vi.advanceTimersByTimeAsync(0);
    await expect(handedIn).resolves.toMatchObject({ status: 1, revision: 2 });
    expect(server.requests.map((request) => [request.content, request.submit])).toEqual([
      ['<p>答案</p>', false],
      ['<p>答案</p>', true],
    ]);

    const refusing = saver({
      revision: 2,
      savedAt: 1_002,
      draft: { content: '<p>答案</p>', attachments: [] },
    });
    server.answer = async () => {
      throw new ApiError(ErrCode.refused, '作业已截止，不能再保存或提交', 400);
    };
    await expect(refusing.submit()).rejects.toMatchObject({ errMsg: '作业已截止，不能再保存或提交' });
    expect(refusing.getSnapshot().status).toEqual({ kind: 'saved', savedAt: 1_002 });
  });
});

describe('deadlines and the late policy in words', () => {
  it('counts down in days and hours, then minutes and seconds', () => {
    expect(timeLeftText((2 * 24 + 3) * 3600_000 + 30 * 60_000)).toBe('剩余 2 天 3 小时');
    expect(timeLeftText(5 * 3600_000 + 12 * 60_000)).toBe('剩余 5 小时 12 分钟');
    expect(timeLeftText(8 * 60_000 + 5_000, true)).toBe('剩余 8 分 5 秒');
    expect(timeLeftText(30_000)).toBe('剩余不到 1 分钟');
    expect(timeLeftText(0)).toBe('已截止');
  });

  it('says what lateness costs', () => {
    const policy = { allowLate: true, latePenaltyPerDay: 10, lateScoreFloor: 50, totalScore: 100 };
    expect(latePolicyText({ ...policy, allowLate: false })).toBe('截止后不能再保存或提交。');
    expect(latePolicyText(policy)).toBe(
      '截止后仍可提交，记为迟交：每迟交一天（不足一天按一天）扣满分的 10%（10 分），扣分后不低于满分的 50%（50 分）。',
    );
    expect(latePenaltyNotice(policy, 2)).toBe(
      '现在提交将记为迟交 2 天，按规则从老师给的分中扣除满分的 20%（20 分），但扣分后不低于 50 分。',
    );
  });
});
