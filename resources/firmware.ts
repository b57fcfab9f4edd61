import { defineResource } from './types';
import { ROBOT_TYPES } from './device';

/** A version as semver names it (1.4.0, 2.0.0-rc.1): robots and campaigns compare them as text, so it is strict. */
export const SEMVER_PATTERN =
  '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\\+[0-9A-Za-z.-]+)?$';
/** Where an uploaded image lives in object storage (`POST /api/firmware/upload` answers it). */
export const FIRMWARE_PATH_PATTERN = '^fw/[0-9]{6}/[0-9a-f]{32}\\.bin$';
/** The largest image an upload takes (held in memory once while its checksum is made). */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;

// Firmware images robots install (docs/campaigns.md): uploaded by provider staff, one per robot type and version,
// with the checksum and size the server recorded. A robot downloads one with its own key, for its own type only
// (`GET /api/device-gateway/firmware/{id}`); `update_firmware` and campaigns hand it out.
export default defineResource({
  name: 'firmware',
  table: 'firmware',
  title: 'firmware_version',
  fields: {
    type: {
      type: 'choice',
      choices: ROBOT_TYPES,
      required: true,
      createOnly: true,
      filter: 'eq',
      list: true,
      sort: true,
    },
    // `version` is every table's edit counter (resources/types.ts VERSION): the semver is named for what it is
    firmware_version: {
      type: 'text',
      required: true,
      max: 64,
      pattern: SEMVER_PATTERN,
      patternMessage: 'vf.campaign.error.semver',
      createOnly: true,
      search: true,
      list: true,
      sort: true,
    },
    // the path `POST /api/firmware/upload` answered; its checksum and size come from the upload, never the caller
    file: {
      type: 'text',
      required: true,
      max: 60,
      pattern: FIRMWARE_PATH_PATTERN,
      patternMessage: 'vf.campaign.error.firmware_file',
      createOnly: true,
      input: 'firmwareFile',
    },
    sha256: { type: 'text', readOnly: true, notNull: true, list: true },
    size: { type: 'number', readOnly: true, notNull: true, list: true },
    notes: { type: 'text', max: 500, multiline: true },
    create_time: { type: 'datetime', readOnly: true, list: true, sort: true, notNull: true },
  },
  permissions: {
    list: 'firmware_list',
    read: 'firmware_list',
    add: 'firmware_edit',
    edit: 'firmware_edit',
    delete: 'firmware_edit',
  },
  calls: { upload: { permission: 'firmware_edit' } },
  permissionGroup: 'device',
  // brands pick an image for their campaigns; only provider staff upload them
  grant: { firmware_list: ['PROVIDER', 'INTEGRATOR'], firmware_edit: ['PROVIDER'] },
  list: { sort: { field: 'create_time', order: 'DESC' }, open: 'show' },
  menu: { section: 'fleet', order: 34, icon: 'SystemUpdateAlt' },
});
