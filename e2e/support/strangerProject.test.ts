import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { projectsFolder } from './strangerProject.ts';

const GB = 1024 ** 3;
const shm = (options: string) => ({ mountPoint: '/dev/shm', type: 'tmpfs', options: options.split(',') });

describe("where the stranger's project is installed", () => {
  it('in /dev/shm where it is an executable tmpfs with room for three projects', () => {
    expect(projectsFolder([shm('rw,nosuid,nodev')], () => 24 * GB)).toBe('/dev/shm');
  });

  it("in the system's temporary folder where /dev/shm is noexec, too small, not a tmpfs or absent", () => {
    expect(projectsFolder([shm('rw,nosuid,nodev,noexec')], () => 24 * GB)).toBe(tmpdir());
    expect(projectsFolder([shm('rw')], () => 1 * GB)).toBe(tmpdir());
    expect(projectsFolder([{ mountPoint: '/dev/shm', type: 'ext4', options: ['rw'] }], () => 24 * GB)).toBe(tmpdir());
    expect(projectsFolder([], () => 24 * GB)).toBe(tmpdir());
  });
});
