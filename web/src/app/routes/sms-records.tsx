import { SmsRecordsList } from '@/features/sms-records/components/sms-records-list';

export default function SmsRecordsRoute() {
  return <SmsRecordsList />;
}
