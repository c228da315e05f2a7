import { CompaniesList } from '@/features/companies/components/companies-list';

export default function CompaniesRoute() {
  return <CompaniesList />;
}
