import '@mantine/dropzone/styles.layer.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { formatFileSize } from '@/shared/format';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

export interface XlsxDropProps {
  file: File | null;
  /** The file picked, or null when the one dropped was refused (the reason is shown here). */
  onChange: (file: File | null) => void;
  maxBytes: number;
  /** What one file may hold, under the drop area (最多 5000 行). */
  limits: string;
  /** Accessible name of the drop area (考生名单 Excel 文件). */
  label: string;
}

/**
 * One .xlsx file to import, dropped or picked: its name once taken, and a Chinese reason when it
 * is not a spreadsheet or too large. The import itself is the caller's.
 */
export function XlsxDrop({ file, onChange, maxBytes, limits, label }: XlsxDropProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const size = maxBytes % MB === 0 ? `${maxBytes / MB} MB` : formatFileSize(maxBytes);
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => {
          setRefusal(null);
          onChange(files[0] ?? null);
        }}
        onReject={(rejections) => {
          const code = rejections[0]?.errors[0]?.code;
          setRefusal(code === 'file-too-large' ? `文件不能超过 ${size}` : '请选择 .xlsx 格式的 Excel 文件');
          onChange(null);
        }}
        accept={[XLSX]}
        maxSize={maxBytes}
        multiple={false}
        aria-label={label}
        inputProps={{ 'aria-label': label }}
      >
        <Group justify="center" gap="md" mih={88} style={{ pointerEvents: 'none' }}>
          <IconFileSpreadsheet size={36} color="var(--mantine-color-dimmed)" aria-hidden />
          <div>
            <Text fw={500}>{file ? file.name : '将 .xlsx 文件拖到这里，或点击选择'}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {limits}，不超过 {size}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {refusal ? (
        <Text size="sm" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
