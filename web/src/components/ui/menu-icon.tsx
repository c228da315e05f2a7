import {
  ApartmentOutlined,
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  ClusterOutlined,
  CrownOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FormOutlined,
  HddOutlined,
  HistoryOutlined,
  KeyOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  SafetyOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

import type { IconName } from '@/config/routes';

const ICONS: Record<IconName, ComponentType> = {
  admin: CrownOutlined,
  enterprise: BankOutlined,
  partner: TeamOutlined,
  org: ClusterOutlined,
  user: UserOutlined,
  role: SafetyOutlined,
  permission: KeyOutlined,
  policy: FileTextOutlined,
  device: HddOutlined,
  deviceType: TagsOutlined,
  operationLog: HistoryOutlined,
  enterpriseAlert: WarningOutlined,
  dashboard: DashboardOutlined,
  live: VideoCameraOutlined,
  list: UnorderedListOutlined,
  form: FormOutlined,
  table: TableOutlined,
  tree: ApartmentOutlined,
  nested: NodeIndexOutlined,
  smsUser: BellOutlined,
  smsSendRecord: MessageOutlined,
  alarm: AlertOutlined,
};

/** The sidebar icon of a route. */
export function MenuIcon({ name }: { name?: IconName }) {
  const Icon = name ? ICONS[name] : AppstoreOutlined;
  return <Icon />;
}
