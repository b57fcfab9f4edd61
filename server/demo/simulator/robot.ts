// One virtual robot: it beats every `beat` seconds with its state, and on each beat may break down (a real
// §8 code, state failure or lack), recover (the code that clears it), sell, or write a voucher off.
import { gateway, type CallRecord, type Gateway, type RobotIdentity } from './gateway';
import { FAULTS, pick, type Fault } from './faults';
import { sell } from './sales';
import { writeOff, type Console } from './vouchers';
import { beatAcks, obedience, obey, unsent, type Command } from './commands';
import { Sensors } from './telemetry';

export interface Rates {
  /** chance per beat that a working robot breaks down */
  fault: number;
  /** chance per beat that a broken robot is fixed */
  recover: number;
  /** chance per beat that a working robot sells */
  sell: number;
  /** chance per beat that a working robot writes a voucher off (needs a console account) */
  writeoff: number;
  /** chance that a command fails (with a reason) instead of being done */
  commandFail?: number;
  /** chance that a firmware update leaves the robot dead: it never beats again (docs/campaigns.md) */
  brick?: number;
  /** chance per beat that a temperature leaves its band for a while (default 0.002); `telemetry: false` sends none */
  excursion?: number;
  telemetry?: boolean;
}

export interface Tally {
  beats: number;
  faults: number;
  recoveries: number;
  sales: number;
  revenue: number;
  writeoffs: number;
  errors: number;
  /** commands received (resends of one already done not counted) */
  commands: number;
}

export const emptyTally = (): Tally => ({
  beats: 0,
  faults: 0,
  recoveries: 0,
  sales: 0,
  revenue: 0,
  writeoffs: 0,
  errors: 0,
  commands: 0,
});

export class VirtualRobot {
  private call: Gateway;
  private fault: Fault | undefined;
  private dealer: string | null | undefined;
  private readonly me = obedience();
  private readonly sensors: Sensors | undefined;

  constructor(
    private readonly identity: RobotIdentity & { type?: string },
    baseUrl: string | (() => string),
    private readonly rates: Rates,
    private readonly tally: Tally,
    private readonly log: (line: string, failed?: boolean) => void,
    private readonly console?: Console,
    observe?: (call: CallRecord) => void,
  ) {
    this.call = gateway(baseUrl, identity, observe);
    this.sensors = identity.type && rates.telemetry !== false ? new Sensors(identity.type, rates.excursion) : undefined;
  }

  /** One beat: what happens to the robot now, then the heartbeat that reports its state. */
  async tick(): Promise<void> {
    try {
      // rebooting: silent, then back with the outcomes it owes in its beat; a bricked robot never comes back
      if (this.me.bricked || Date.now() < this.me.offlineUntil) return;
      const selling = !this.me.locked && this.me.business === 'open' && Date.now() >= this.me.busyUntil;
      if (this.fault) {
        if (Math.random() < this.rates.recover) await this.recover();
      } else if (Math.random() < this.rates.fault) {
        await this.breakDown();
      } else if (selling && Math.random() < this.rates.sell) {
        await this.sellOne();
      } else if (this.console && Math.random() < this.rates.writeoff) {
        await this.writeOffOne();
      }
      const state =
        this.fault?.state ??
        (Date.now() < this.me.busyUntil ? 'busy' : this.me.locked || this.me.business !== 'open' ? 'pause' : 'idle');
      const work_status = this.fault
        ? `fault ${this.fault.code}`
        : this.me.locked
          ? 'locked'
          : Date.now() < this.me.busyUntil
            ? 'cleaning'
            : 'ready';
      // one beat: its state, its measurements and the outcomes it owes (`acks`: its commands' since the last beat)
      const telemetry = this.sensors?.read();
      const acks = beatAcks(this.me);
      const beat = await this.call('POST', 'heartbeat', {
        state,
        work_status,
        firmware_version: this.me.firmware,
        ...(telemetry ? { telemetry } : {}),
        ...(acks ? { acks } : {}),
      }).catch((e: unknown) => {
        unsent(this.me, acks);
        throw e;
      });
      this.tally.beats++;
      await this.receive(beat.commands);
    } catch (e) {
      this.tally.errors++;
      this.log(`${this.identity.name}: ${(e as Error).message}`, true);
    }
  }

  private async breakDown() {
    this.fault = pick(FAULTS[this.identity.type ?? ''] ?? FAULTS.fastfood);
    await this.call('POST', 'notify', { code: this.fault.code, detail: { simulated: true } });
    this.tally.faults++;
    this.log(`${this.identity.name}: fault ${this.fault.code}`);
  }

  private async recover() {
    const fault = this.fault!;
    await this.call('POST', 'notify', { code: fault.resolved, detail: { simulated: true, cleared: fault.code } });
    this.fault = undefined;
    this.tally.recoveries++;
    this.log(`${this.identity.name}: recovered (${fault.resolved})`);
  }

  /** Commands ride on every beat's answer, a status change's too: each is obeyed once. */
  private async receive(commands: Command[] | undefined) {
    if (!commands?.length) return;
    this.tally.commands += commands.filter((c) => !this.me.done.has(c.id)).length;
    await obey(this.call, this.me, commands, this.rates.commandFail ?? 0, this.rates.brick ?? 0);
  }

  private async sellOne() {
    await this.receive((await this.call('POST', 'status', { state: 'busy', work_status: 'making' })).commands);
    const sale = await sell(this.call);
    if (!sale) return;
    this.tally.sales++;
    this.tally.revenue += sale.amount;
    this.sensors?.sold();
  }

  private async writeOffOne() {
    if (this.dealer === undefined) this.dealer = (await this.call('GET', 'menu')).dealer;
    if (this.dealer && (await writeOff(this.call, this.console!, this.dealer))) this.tally.writeoffs++;
  }
}
