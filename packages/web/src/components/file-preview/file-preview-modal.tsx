import '@mantine/core/styles/Loader.layer.css';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import type { FilePreview } from '@/lib/file-preview';
import { formatFileSize } from '@/shared/format';

export interface FilePreviewTarget {
  /** The preview's query key: the feature's own, naming the file. */
  queryKey: QueryKey;
  fileName: string;
  fileSize: number;
  /** Fetches the file for preview (lib/file-preview.ts fetchFilePreview). */
  load: (signal: AbortSignal) => Promise<FilePreview>;
}

/** 预览: a PDF in the browser's viewer, an image as itself, inside the page; 下载 beside it. */
export function FilePreviewModal({
  target,
  onClose,
  onDownload,
}: {
  target: FilePreviewTarget | null;
  onClose: () => void;
  onDownload: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `预览：${target.fileName}` : '预览'}
      size="xl"
      centered
      styles={{ title: { fontWeight: 650, overflowWrap: 'anywhere' } }}
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {target ? (
        <Stack gap="sm">
          <PreviewBody key={JSON.stringify(target.queryKey)} target={target} />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              {formatFileSize(target.fileSize)}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={onDownload}
            >
              下载
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function PreviewBody({ target }: { target: FilePreviewTarget }) {
  const preview = useQuery({
    queryKey: target.queryKey,
    queryFn: ({ signal }) => target.load(signal),
    // the bytes live as long as the viewer: nothing kept once it closes
    gcTime: 0,
    staleTime: Infinity,
    meta: { silentError: true },
  });
  const source = useBlobSource(preview.data?.blob);

  if (preview.isError) {
    return <LoadError title="预览加载失败" error={preview.error} onRetry={() => void preview.refetch()} />;
  }
  if (!preview.data) {
    return (
      <Center h={240} aria-busy="true" aria-label="正在加载预览">
        <Loader size="sm" />
      </Center>
    );
  }
  return preview.data.kind === 'pdf' ? (
    <iframe
      ref={source}
      title={`${target.fileName} 的预览`}
      style={{
        width: '100%',
        height: 'min(75vh, 900px)',
        border: 0,
        borderRadius: 8,
        background: 'var(--mantine-color-gray-1)',
      }}
    />
  ) : (
    <Center bg="gray.0" style={{ borderRadius: 8 }}>
      <img
        ref={source}
        alt={target.fileName}
        style={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', display: 'block' }}
      />
    </Center>
  );
}

/**
 * A ref that points the element at an object URL of the blob while it is mounted and revokes it
 * after (React 19 ref cleanup): the URL lives exactly as long as the element showing it.
 */
function useBlobSource(blob: Blob | undefined) {
  return useCallback(
    (node: HTMLIFrameElement | HTMLImageElement | null) => {
      if (!node || !blob) return;
      const url = URL.createObjectURL(blob);
      node.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
