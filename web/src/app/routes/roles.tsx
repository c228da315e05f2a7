import { RolesList } from '@/features/roles/components/roles-list';

export default function RolesRoute() {
  return <RolesList />;
}
