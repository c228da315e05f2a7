import { OperationLogsList } from '@/features/operation-logs/components/operation-logs-list';

export default function OperationLogsRoute() {
  return <OperationLogsList />;
}
