import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsHostMounted } from '@/shared/overlays';

/**
 * ModalsProvider with no children: it listens for modals.open/openConfirmModal
 * events. Use those static functions, not useModals(), which needs the provider
 * above the caller.
 */
export default function ModalsHost() {
  useEffect(() => modalsHostMounted(), []);
  return <ModalsProvider labels={{ confirm: '确定', cancel: '取消' }} />;
}
