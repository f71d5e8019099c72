import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { XlsxDrop } from './xlsx-drop';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function Harness() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <MantineProvider env="test">
      <XlsxDrop
        file={file}
        onChange={setFile}
        maxBytes={1024 * 1024}
        limits="最多 5000 行"
        label="名单 Excel 文件"
      />
      <output aria-label="已选">{file?.name ?? '无'}</output>
    </MantineProvider>
  );
}

describe('XlsxDrop', () => {
  it('takes one spreadsheet, and says why another file or one too large is refused', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    expect(screen.getByText('最多 5000 行，不超过 1 MB')).toBeVisible();
    const input = screen.getByLabelText('名单 Excel 文件', { selector: 'input' });

    await user.upload(input, new File(['x'], '名单.xlsx', { type: XLSX }));
    // the drop area names the file taken
    expect(await screen.findByText('名单.xlsx', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('status', { name: '已选' })).toHaveTextContent('名单.xlsx');

    await user.upload(input, new File(['x'], '说明.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请选择 .xlsx 格式的 Excel 文件');
    expect(screen.getByRole('status', { name: '已选' })).toHaveTextContent('无');

    await user.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], '大.xlsx', { type: XLSX }));
    expect(await screen.findByRole('alert')).toHaveTextContent('文件不能超过 1 MB');

    await user.upload(input, new File(['x'], '新名单.xlsx', { type: XLSX }));
    expect(await screen.findByText('新名单.xlsx', { selector: 'p' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
