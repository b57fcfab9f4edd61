import type { ResourceLabels } from './types';
import device from './device';
import telemetry from '../features/telemetry';

// robot types as on the robots' own screens; metrics as the charts name them
const types = (lang: keyof typeof device) => device[lang].choices!.type;
const metrics = (lang: keyof typeof telemetry) => telemetry[lang].vf.telemetry.metric;

const labels: ResourceLabels = {
  en: {
    name: 'Telemetry rule |||| Telemetry rules',
    fields: {
      _id: 'Id',
      name: 'Name',
      metric: 'Metric',
      op: 'Condition',
      threshold: 'Threshold',
      for_minutes: 'For (minutes)',
      level: 'Alarm level',
      lock: 'Lock the robot',
      type: 'Robot type',
      integrator: 'Brand',
      dealer: 'Store',
      device: 'Robot',
      create_time: 'Created',
      q: 'Search',
    },
    choices: {
      metric: metrics('en'),
      op: { gt: 'Above', lt: 'Below' },
      level: { warning: 'Warning', error: 'Error' },
      type: types('en'),
    },
  },
  zh: {
    name: '遥测规则 |||| 遥测规则',
    fields: {
      _id: '编号',
      name: '名称',
      metric: '指标',
      op: '条件',
      threshold: '阈值',
      for_minutes: '持续（分钟）',
      level: '告警级别',
      lock: '锁定设备',
      type: '设备类型',
      integrator: '品牌',
      dealer: '门店',
      device: '设备',
      create_time: '创建时间',
      q: '搜索',
    },
    choices: {
      metric: metrics('zh'),
      op: { gt: '高于', lt: '低于' },
      level: { warning: '警告', error: '错误' },
      type: types('zh'),
    },
  },
  es: {
    name: 'Regla de telemetría |||| Reglas de telemetría',
    fields: {
      _id: 'Id',
      name: 'Nombre',
      metric: 'Métrica',
      op: 'Condición',
      threshold: 'Umbral',
      for_minutes: 'Durante (minutos)',
      level: 'Nivel de alarma',
      lock: 'Bloquear el robot',
      type: 'Tipo de robot',
      integrator: 'Marca',
      dealer: 'Tienda',
      device: 'Robot',
      create_time: 'Creada',
      q: 'Buscar',
    },
    choices: {
      metric: metrics('es'),
      op: { gt: 'Por encima de', lt: 'Por debajo de' },
      level: { warning: 'Aviso', error: 'Error' },
      type: types('es'),
    },
  },
  ja: {
    name: 'テレメトリルール |||| テレメトリルール',
    fields: {
      _id: 'ID',
      name: '名前',
      metric: '指標',
      op: '条件',
      threshold: 'しきい値',
      for_minutes: '継続（分）',
      level: 'アラームレベル',
      lock: 'ロボットをロック',
      type: 'ロボットの種類',
      integrator: 'ブランド',
      dealer: '店舗',
      device: 'ロボット',
      create_time: '作成日時',
      q: '検索',
    },
    choices: {
      metric: metrics('ja'),
      op: { gt: 'より上', lt: 'より下' },
      level: { warning: '警告', error: 'エラー' },
      type: types('ja'),
    },
  },
};

export default labels;
