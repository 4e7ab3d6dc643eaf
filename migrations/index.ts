import * as migration_20261121_234947_initial from './20261121_234947_initial';

export const migrations = [
  {
    up: migration_20261121_234947_initial.up,
    down: migration_20261121_234947_initial.down,
    name: '20261121_234947_initial'
  },
];
