// Device notification texts in English. See ./codes.ts for the code layout.
import { buildNotifyTexts, type NotifyLanguagePack, type NotifyText } from '../../resources/notify_codes';

interface Device {
  /** Title prefix, e.g. "Ice cream machine" in "Ice cream machine fault 117: freezing cylinder". */
  name: string;
  /** Start of the content sentence, followed by the code. */
  reported: string;
}

/** A fault in a block: the title and content name the exact code, the subsystem and what to check. */
function fault(device: Device, part: string, group: string, check: string) {
  return (code: number): NotifyText => ({
    title: `${device.name} fault ${code}: ${part}`,
    content: `${device.reported} ${code} (${group}). ${check} If fault ${code} persists, contact service and quote the code.`,
  });
}

const ICECREAM: Device = { name: 'Ice cream machine', reported: 'The ice cream machine reported fault' };
const COFFEE: Device = { name: 'Coffee machine', reported: 'The coffee machine reported fault' };
const ICE_MAKER: Device = { name: 'Ice maker', reported: 'The ice maker reported fault' };
const HARDWARE: Device = { name: 'Coffee hardware', reported: 'The coffee machine reported hardware fault' };

const pack: NotifyLanguagePack = {
  single: {
    100001: {
      title: 'Robot online',
      content: 'The robot connected to the cloud and is online.',
    },
    100002: {
      title: 'Robot offline',
      content: 'The robot lost its connection to the cloud. Check its power and network.',
    },
    100010: {
      title: 'Two-factor codes refused',
      content:
        "Several wrong two-factor codes were entered in a row after the right password of one of your accounts (named in the operation log), and that sign-in was stopped. If it was not the account's owner, someone knows the password: change it.",
    },
    100011: {
      title: 'Sign-in held',
      content:
        "Too many wrong two-factor codes or passwords were tried on one of your accounts (named in the operation log), from any addresses, so that step of its sign-in is held for a while, the right answer refused too. A provider can lift the hold on the account's page. If it was not the owner, change the password: someone may know it.",
    },
    200000: {
      title: 'Product sold out',
      content:
        'A product on this robot has run out of stock and can no longer be sold. Restock it and update the stock in the console.',
    },
    201: {
      title: 'Milk running low',
      content: 'The milk container is running low. Refill it soon to keep milk drinks available.',
    },
    202: {
      title: 'Out of milk',
      content:
        'The milk container is empty, so milk drinks cannot be made. Refill the milk and check that the milk tube is in place.',
    },
    3201: {
      title: 'Milk level back to normal',
      content: 'The low-milk warning (201) has cleared. No action needed.',
    },
    3202: {
      title: 'Milk refilled',
      content: 'The milk has been refilled (alert 202 cleared). Milk drinks are available again.',
    },
    300: {
      title: 'Cups running low',
      content: 'The cup dispenser is running low. Load more cups soon.',
    },
    301: {
      title: 'Out of cups',
      content:
        'The cup dispenser is empty, so no drinks can be served. Load cups and check that the stack drops freely.',
    },
    400: {
      title: 'Not enough change',
      content: 'The robot does not have enough change to pay out to customers. Refill the change in the payment unit.',
    },
    650: {
      title: 'Coffee machine disconnected',
      content:
        'The robot lost its connection to the coffee machine, so coffee orders cannot be made. Check the coffee machine’s power and the data cable to the robot.',
    },
    655: {
      title: 'Coffee machine not responding',
      content:
        'The coffee machine is connected but does not answer the robot’s commands. Check the coffee machine’s display for errors and restart it if needed.',
    },
    3650: {
      title: 'Coffee machine reconnected',
      content: 'The robot is connected to the coffee machine again.',
    },
    3651: {
      title: 'Coffee machine responding again',
      content: 'Communication with the coffee machine is back to normal.',
    },
    3652: {
      title: 'Coffee machine ready',
      content: 'The coffee machine has finished starting up and is ready to make drinks.',
    },
    750: {
      title: 'Ice running low',
      content:
        'The ice bin is running low; iced drinks may be delayed while the ice maker catches up. Check that the ice maker is producing ice.',
    },
    751: {
      title: 'Ice maker has no water',
      content:
        'The ice maker is not getting water and cannot make ice. Check that the water inlet tap is open and that the inlet hose and filter are not blocked.',
    },
    752: {
      title: 'Ice dispensing jammed',
      content:
        'Ice could not be dispensed. Check the dispensing chute and auger for clumped or stuck ice and clear it.',
    },
    3750: {
      title: 'Ice level back to normal',
      content: 'The ice bin has refilled and the low-ice warning (750) has cleared.',
    },
    3751: {
      title: 'Ice maker water supply restored',
      content: 'The ice maker is getting water again and has resumed making ice.',
    },
    806: {
      title: 'Cappuccino art printer out of ink',
      content:
        'The cappuccino art printer has run out of ink or its cartridge is missing. Replace the ink cartridge; until then drinks are served without a printed design.',
    },
    807: {
      title: 'Cappuccino art printer offline',
      content:
        'The robot lost its connection to the cappuccino art printer. Check the printer’s power and its cable to the robot.',
    },
    808: {
      title: 'Cappuccino art print failed',
      content:
        'The printer could not print a design on a drink. Check that the print head is clean and aligned with the cup position.',
    },
    3806: {
      title: 'Printer ink replaced',
      content: 'The cappuccino art printer has ink again and has resumed printing.',
    },
    3807: {
      title: 'Cappuccino art printer back online',
      content: 'The robot is connected to the cappuccino art printer again.',
    },
    1000: {
      title: 'Open for business',
      content: 'The robot has opened for business and is taking orders.',
    },
    1001: {
      title: 'Sales paused',
      content:
        'The robot has paused sales and is not taking new orders. Check whether an operator paused it or a fault needs attention, then resume sales.',
    },
    1002: {
      title: 'Closed for business',
      content: 'The robot has closed for business and takes no orders until it opens again.',
    },
    1005: {
      title: 'Order failed, not recovered',
      content:
        'An order failed and the robot could not recover it. Check the order in the order list, refund the customer if needed, and check the robot for faults.',
    },
    4000: {
      title: 'Order completed',
      content: 'An order was made and handed over successfully.',
    },
  },
  block: {
    'robot_arm.fault': (code) => ({
      title: `Robot arm fault ${code}`,
      content: `The robot arm reported fault ${code} and stopped. Check that nothing blocks the arm’s path and that nothing is stuck in the gripper, then reset or restart the arm. If fault ${code} comes back, restart the robot and contact service.`,
    }),
    'robot_arm.resolved': (code) => ({
      title: `Robot arm fault ${code - 3000} resolved`,
      content: `Robot arm fault ${code - 3000} has cleared and the arm is working normally again. No action needed.`,
    }),
    'stock.low': (code) => ({
      title: `Low stock (${code - 200000} left)`,
      content: `A product on this robot has only ${code - 200000} left. Restock it soon to avoid selling out.`,
    }),
    'icecream.refrigeration': fault(
      ICECREAM,
      'refrigeration',
      'refrigeration system: compressor and condenser',
      'Check that the air vents are not blocked, the condenser is clean and the room is not too hot, then restart the machine.',
    ),
    'icecream.cylinder': fault(
      ICECREAM,
      'freezing cylinder',
      'freezing cylinder and beater',
      'Check that the product in the cylinder is not frozen solid or overfilled and that the beater turns freely; let it thaw, then restart the machine.',
    ),
    'icecream.mix': fault(
      ICECREAM,
      'mix supply',
      'mix supply: hopper and mix pump',
      'Check the mix level in the hopper and refill it if low; make sure the mix feed tube and pump are seated and not blocked.',
    ),
    'icecream.temperature': fault(
      ICECREAM,
      'temperature control',
      'temperature control and heat treatment',
      'Check the product temperature on the machine’s display and that the hopper lid is closed; let any heat-treatment cycle finish, then restart the machine.',
    ),
    'icecream.dispensing': fault(
      ICECREAM,
      'dispensing / controller',
      'dispensing unit and controller',
      'Check the dispensing valve and nozzle for blockages, that the cup is in position, and the cable between the machine and the robot controller; then restart the machine.',
    ),
    'milk.level': (code) => ({
      title: `Milk level alert ${code}`,
      content: `The milk system reported level alert ${code}. Check the milk level in the container, that the level probe is clean and in place, and that the milk tube reaches the bottom of the container; refill if needed.`,
    }),
    'coffee.water': fault(
      COFFEE,
      'water supply',
      'water supply',
      'Check that the water tank is filled or the water inlet tap is open, that the water filter is not clogged and that the inlet hose is not kinked.',
    ),
    'coffee.heating': fault(
      COFFEE,
      'heating',
      'heater and temperature control',
      'Switch the coffee machine off for a few minutes and back on; check that it reaches brewing temperature and that the water supply works.',
    ),
    'coffee.grinder': fault(
      COFFEE,
      'grinder',
      'grinder',
      'Check that the bean hopper is filled and that no foreign object or clumped beans block the grinder; clear it, then restart the machine.',
    ),
    'coffee.brewing': fault(
      COFFEE,
      'brewing unit',
      'brewing unit',
      'Check that the brewing unit is inserted and locked correctly and clean the coffee grounds out of it, then restart the machine.',
    ),
    'coffee.control': fault(
      COFFEE,
      'milk module / electronics',
      'milk module and electronics',
      'Check that the milk module and its tubes are connected and that all cables are plugged in, then restart the machine.',
    ),
    'coffee.maintenance': fault(
      COFFEE,
      'operation / maintenance',
      'operation and maintenance',
      'Follow the message on the coffee machine’s display: empty the grounds container and drip tray, close every cover and door, and run any cleaning or descaling the machine asks for.',
    ),
    'ice_maker.refrigeration': fault(
      ICE_MAKER,
      'refrigeration',
      'refrigeration system',
      'Check that the ice maker’s vents are clear, the condenser is clean and the room is not too hot, then restart the ice maker.',
    ),
    'ice_maker.water': fault(
      ICE_MAKER,
      'water supply',
      'water supply and ice-making cycle',
      'Check that the water inlet tap is open, the water pressure is normal, and the filter and inlet hose are not blocked.',
    ),
    'ice_maker.harvest': fault(
      ICE_MAKER,
      'ice harvest',
      'ice harvest',
      'Check for ice stuck on the evaporator or a jammed ice-release mechanism; switch the ice maker off, let the stuck ice melt, then restart it.',
    ),
    'ice_maker.storage': fault(
      ICE_MAKER,
      'ice bin / dispensing',
      'ice bin and dispensing',
      'Check that the ice bin is not overfilled or clumped, that the ice level sensor is clean, and that the dispensing auger and chute turn freely.',
    ),
    'order.retry': (code) => ({
      title: `Order failed (attempt ${code - 4000})`,
      content: `An order failed on attempt ${code - 4000}. The robot retries the order if it can; check the order list for its final status and whether a refund is needed.`,
    }),
    'hw.coffee_boiler': fault(
      HARDWARE,
      'coffee boiler',
      'coffee boiler',
      'Check that the water supply is on, then switch the coffee machine off and on to let the boiler reheat; if it does not reach temperature, the heater or its temperature sensor needs service.',
    ),
    'hw.steam_boiler': fault(
      HARDWARE,
      'steam boiler',
      'steam boiler',
      'Check the water supply and that the steam wand is not blocked; switch the coffee machine off and on to let the steam boiler refill and reheat.',
    ),
    'hw.grinder': fault(
      HARDWARE,
      'grinder',
      'grinders',
      'Check that beans reach the grinder and that no foreign object or clumped beans block it; clean the grinder chute, then restart the coffee machine.',
    ),
    'hw.bean_bin': fault(
      HARDWARE,
      'bean bin',
      'bean bins',
      'Check that the bean bins are filled, seated correctly and their shutters open; remove clumped or oily beans blocking the outlet.',
    ),
    'hw.milk_line': fault(
      HARDWARE,
      'milk line',
      'milk lines',
      'Check that the milk tubes are connected, not kinked or clogged, and dipped in the milk; run a milk-line cleaning if the machine asks for it.',
    ),
    'hw.water_tray': fault(
      HARDWARE,
      'water tray',
      'water tray',
      'Empty and clean the water (drip) tray, push it fully into place and check that the drain is not blocked.',
    ),
    'hw.brew_unit': fault(
      HARDWARE,
      'brew unit',
      'brew unit',
      'Check that the brew unit is inserted and locked, remove the coffee grounds from it, and restart the coffee machine so the unit returns to its home position.',
    ),
    'hw.leak': fault(
      HARDWARE,
      'leak detected',
      'leak detection',
      'Turn off the water supply, look for water under and inside the coffee machine, check hoses and connections for leaks, and dry the leak sensor before restarting.',
    ),
  },
};

const texts: Record<number, NotifyText> = buildNotifyTexts(pack);
export default texts;
