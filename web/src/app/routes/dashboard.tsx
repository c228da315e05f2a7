import { HomePage } from '@/features/dashboard/components/home-page';

export default function DashboardRoute() {
  return <HomePage />;
}
