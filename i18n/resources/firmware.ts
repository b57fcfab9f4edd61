import type { ResourceLabels } from './types';
import { robotTypes } from './device';

const labels: ResourceLabels = {
  en: {
    name: 'Firmware |||| Firmware',
    fields: {
      _id: 'Firmware id',
      type: 'Robot type',
      firmware_version: 'Version',
      file: 'Image file',
      sha256: 'SHA-256',
      size: 'Size (bytes)',
      notes: 'Notes',
      create_time: 'Uploaded',
      q: 'Search',
    },
    choices: { type: robotTypes.en },
    actions: { upload: 'Upload firmware' },
  },
  zh: {
    name: '固件 |||| 固件',
    fields: {
      _id: '固件编号',
      type: '设备类型',
      firmware_version: '版本',
      file: '镜像文件',
      sha256: 'SHA-256',
      size: '大小（字节）',
      notes: '说明',
      create_time: '上传时间',
      q: '搜索',
    },
    choices: { type: robotTypes.zh },
    actions: { upload: '上传固件' },
  },
  es: {
    name: 'Firmware |||| Firmware',
    fields: {
      _id: 'Id del firmware',
      type: 'Tipo de robot',
      firmware_version: 'Versión',
      file: 'Archivo de imagen',
      sha256: 'SHA-256',
      size: 'Tamaño (bytes)',
      notes: 'Notas',
      create_time: 'Subido',
      q: 'Buscar',
    },
    choices: { type: robotTypes.es },
    actions: { upload: 'Subir firmware' },
  },
  ja: {
    name: 'ファームウェア |||| ファームウェア',
    fields: {
      _id: 'ファームウェアID',
      type: 'ロボット種別',
      firmware_version: 'バージョン',
      file: 'イメージファイル',
      sha256: 'SHA-256',
      size: 'サイズ（バイト）',
      notes: 'メモ',
      create_time: 'アップロード日時',
      q: '検索',
    },
    choices: { type: robotTypes.ja },
    actions: { upload: 'ファームウェアをアップロード' },
  },
};
export default labels;
