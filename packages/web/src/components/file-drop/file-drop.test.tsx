import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UploadProgress } from '@/lib/xhr-fetch';
import { FileDrop } from './file-drop';
import { type UploadContext, useUploadQueue } from './use-upload-queue';

interface PendingUpload {
  file: File;
  progress: (progress: UploadProgress) => void;
  finish: () => void;
  fail: (error: unknown) => void;
}

/** An upload function whose requests the test answers by hand. */
function manualUploads() {
  const pending: PendingUpload[] = [];
  const upload = (file: File, { onProgress, signal }: UploadContext) =>
    new Promise<string>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('上传已取消', 'AbortError')));
      pending.push({ file, progress: onProgress, finish: () => resolve(file.name), fail: reject });
    });
  return { pending, upload };
}

function Harness({ upload }: { upload: (file: File, context: UploadContext) => Promise<string> }) {
  const queue = useUploadQueue();
  return (
    <MantineProvider env="test">
      <FileDrop queue={queue} rules={{ maxSize: 1024, extensions: ['txt', 'pdf'], maxFiles: 2 }} label="选择文件" />
      <button type="button" onClick={() => void queue.run(upload)}>
        开始上传
      </button>
    </MantineProvider>
  );
}

function setup() {
  const uploads = manualUploads();
  const user = userEvent.setup({ applyAccept: false });
  const view = render(<Harness upload={uploads.upload} />);
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...uploads, user, input };
}

describe('FileDrop', () => {
  it('lists a chosen file and shows its upload progress until done', async () => {
    const { user, input, pending } = setup();
    await user.upload(input, new File(['x'.repeat(100)], '讲义.txt', { type: 'text/plain' }));
    const row = screen.getByRole('listitem', { name: '讲义.txt' });
    expect(within(row).getByText(/等待上传/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: '开始上传' }));
    await screen.findByText(/上传中/);
    pending[0]?.progress({ loaded: 50, total: 100 });
    expect(await within(row).findByText(/上传中 50%/)).toBeVisible();
    expect(within(row).getByRole('progressbar', { name: '讲义.txt 上传进度' })).toHaveAttribute('aria-valuenow', '50');

    pending[0]?.finish();
    expect(await within(row).findByText(/已上传/)).toBeVisible();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('cancels a running upload', async () => {
    const { user, input } = setup();
    await user.upload(input, new File(['abc'], '数据.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: '开始上传' }));
    await user.click(await screen.findByRole('button', { name: '取消上传 数据.txt' }));
    const row = screen.getByRole('listitem', { name: '数据.txt' });
    expect(await within(row).findByText(/已取消/)).toBeVisible();
    // A cancelled file can then be taken off the list.
    await user.click(within(row).getByRole('button', { name: '移除 数据.txt' }));
    expect(screen.queryByRole('listitem', { name: '数据.txt' })).not.toBeInTheDocument();
  });

  it('refuses files over the size or count limits and of other kinds, saying why in Chinese', async () => {
    const { user, input } = setup();
    await user.upload(input, [
      new File(['x'.repeat(2000)], '大文件.pdf', { type: 'application/pdf' }),
      new File(['x'], '脚本.sh', { type: 'text/x-sh' }),
      new File(['1'], '一.txt', { type: 'text/plain' }),
      new File(['2'], '二.txt', { type: 'text/plain' }),
      new File(['3'], '三.txt', { type: 'text/plain' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('大文件.pdf：文件超过 1.0 KB 的大小限制')).toBeVisible();
    expect(within(alert).getByText(/脚本\.sh：不支持的文件类型，仅支持 txt、pdf/)).toBeVisible();
    expect(within(alert).getByText('三.txt：最多选择 2 个文件')).toBeVisible();
    const list = screen.getByRole('list', { name: '已选择的文件' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      '一.txt',
      '二.txt',
    ]);
  });

  it('shows why an upload failed', async () => {
    const { user, input, pending } = setup();
    await user.upload(input, new File(['abc'], '作业.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: '开始上传' }));
    await screen.findByText(/上传中/);
    const { ApiError } = await import('@dfrm/sdk');
    pending[0]?.fail(new ApiError(7, '同一课件中已有同名附件', 409));
    const row = screen.getByRole('listitem', { name: '作业.txt' });
    expect(await within(row).findByText('同一课件中已有同名附件')).toBeVisible();
    expect(within(row).getByText(/上传失败/)).toBeVisible();
  });
});
