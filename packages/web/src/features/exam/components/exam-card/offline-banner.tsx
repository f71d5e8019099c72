import { Alert, Button } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';

/**
 * Shown while the browser is offline or saves get no answer: the student keeps answering, the
 * answers wait in this browser and go when the network is back.
 */
export function OfflineBanner({
  reason,
  unsavedCount,
  onRetry,
}: {
  /** Why the last save got no answer (网络错误, 请求超时 …); null when the browser says it is offline. */
  reason: string | null;
  unsavedCount: number;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="orange"
      icon={<IconWifiOff size={18} aria-hidden />}
      title={reason ? `答案暂时无法保存（${reason}）` : '网络已断开'}
      role="alert"
    >
      请继续作答：答案已保存在本机浏览器中
      {unsavedCount > 0 ? `（${unsavedCount} 道题待发送）` : ''}
      ，网络恢复后会自动发送到服务器。请不要清除浏览器数据或换用其他设备。
      {reason ? (
        <Button size="compact-xs" variant="light" color="orange" ml="xs" onClick={onRetry}>
          立即重试
        </Button>
      ) : null}
    </Alert>
  );
}
