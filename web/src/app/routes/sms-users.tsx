import { SmsUsersList } from '@/features/sms-users/components/sms-users-list';

export default function SmsUsersRoute() {
  return <SmsUsersList />;
}
