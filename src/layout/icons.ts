// Menu icons by the name a declaration gives; imported one by one to keep the bundle small.
import type { ComponentType } from 'react';
import People from '@mui/icons-material/People';
import Badge from '@mui/icons-material/Badge';
import Key from '@mui/icons-material/Key';
import Storefront from '@mui/icons-material/Storefront';
import Store from '@mui/icons-material/Store';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import Inventory from '@mui/icons-material/Inventory2';
import Category from '@mui/icons-material/Category';
import Receipt from '@mui/icons-material/ReceiptLong';
import CurrencyExchange from '@mui/icons-material/CurrencyExchange';
import ConfirmationNumber from '@mui/icons-material/ConfirmationNumber';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NotificationImportant from '@mui/icons-material/NotificationImportant';
import History from '@mui/icons-material/History';
import Forum from '@mui/icons-material/Forum';
import ReportProblem from '@mui/icons-material/ReportProblem';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import Dashboard from '@mui/icons-material/Dashboard';
import Label from '@mui/icons-material/Label';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Route from '@mui/icons-material/Route';
import Insights from '@mui/icons-material/Insights';
import Webhook from '@mui/icons-material/Webhook';
import SettingsRemote from '@mui/icons-material/SettingsRemote';
import Thermostat from '@mui/icons-material/Thermostat';
import Campaign from '@mui/icons-material/Campaign';
import Rule from '@mui/icons-material/Rule';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import SystemUpdateAlt from '@mui/icons-material/SystemUpdateAlt';
import RocketLaunch from '@mui/icons-material/RocketLaunch';

const ICONS: Record<string, ComponentType> = {
  People,
  Badge,
  Key,
  Storefront,
  Store,
  PrecisionManufacturing,
  Inventory,
  Category,
  Receipt,
  CurrencyExchange,
  ConfirmationNumber,
  NotificationsActive,
  NotificationImportant,
  History,
  Forum,
  ReportProblem,
  ViewQuilt,
  Dashboard,
  LocalShipping,
  Route,
  Insights,
  Webhook,
  SettingsRemote,
  Thermostat,
  Campaign,
  Rule,
  MarkEmailRead,
  SystemUpdateAlt,
  RocketLaunch,
};

export function iconOf(name: string | undefined): ComponentType {
  return (name && ICONS[name]) || Label;
}

/** Whether a declaration's icon name is one of ours (else the menu shows the plain Label icon). */
export function hasIcon(name: string): boolean {
  return Object.hasOwn(ICONS, name);
}
