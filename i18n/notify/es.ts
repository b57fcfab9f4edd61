// Textos de las notificaciones de los dispositivos en español. La distribución de códigos está en ./codes.ts.
import { buildNotifyTexts, type NotifyLanguagePack, type NotifyText } from '../../resources/notify_codes';

interface Device {
  /** Inicio del título, p. ej. "Máquina de helados" en "Máquina de helados: fallo 117 (cilindro de congelación)". */
  name: string;
  /** Inicio del contenido, seguido del código. */
  reported: string;
}

/** Fallo de un bloque: el título y el contenido indican el código exacto, el subsistema y qué revisar. */
function fault(device: Device, part: string, group: string, check: string) {
  return (code: number): NotifyText => ({
    title: `${device.name}: fallo ${code} (${part})`,
    content: `${device.reported} ${code} (${group}). ${check} Si el fallo ${code} persiste, contacte con el servicio técnico e indique el código.`,
  });
}

const ICECREAM: Device = { name: 'Máquina de helados', reported: 'La máquina de helados notificó el fallo' };
const COFFEE: Device = { name: 'Máquina de café', reported: 'La máquina de café notificó el fallo' };
const ICE_MAKER: Device = { name: 'Máquina de hielo', reported: 'La máquina de hielo notificó el fallo' };
const HARDWARE: Device = {
  name: 'Hardware de la máquina de café',
  reported: 'La máquina de café notificó el fallo de hardware',
};

const pack: NotifyLanguagePack = {
  single: {
    100001: {
      title: 'Robot en línea',
      content: 'El robot se conectó a la nube y está en línea.',
    },
    100002: {
      title: 'Robot sin conexión',
      content: 'El robot perdió la conexión con la nube. Compruebe su alimentación eléctrica y la red.',
    },
    100010: {
      title: 'Códigos de doble factor rechazados',
      content:
        'Se introdujeron varios códigos de doble factor incorrectos seguidos tras la contraseña correcta de una de sus cuentas (indicada en el registro de operaciones) y ese inicio de sesión se detuvo. Si no fue el titular, alguien conoce la contraseña: cámbiela.',
    },
    100011: {
      title: 'Inicio de sesión retenido',
      content:
        'Se probaron demasiados códigos de doble factor o contraseñas incorrectos en una de sus cuentas (indicada en el registro de operaciones), desde cualquier dirección, así que ese paso de su inicio de sesión queda retenido un tiempo, rechazando también la respuesta correcta. Un proveedor puede levantar la retención en la página de la cuenta. Si no fue el titular, cambie la contraseña: alguien puede conocerla.',
    },
    200000: {
      title: 'Producto agotado',
      content:
        'Un producto de este robot se ha agotado y ya no se puede vender. Repóngalo y actualice el stock en la consola.',
    },
    201: {
      title: 'Queda poca leche',
      content: 'El depósito de leche está casi vacío. Rellénelo pronto para seguir ofreciendo bebidas con leche.',
    },
    202: {
      title: 'Sin leche',
      content:
        'El depósito de leche está vacío y no se pueden preparar bebidas con leche. Rellene la leche y compruebe que el tubo de leche está bien colocado.',
    },
    3201: {
      title: 'Nivel de leche normal',
      content: 'El aviso de poca leche (201) se ha resuelto. No es necesario hacer nada.',
    },
    3202: {
      title: 'Leche repuesta',
      content: 'Se ha repuesto la leche (alerta 202 resuelta). Las bebidas con leche vuelven a estar disponibles.',
    },
    300: {
      title: 'Quedan pocos vasos',
      content: 'El dispensador de vasos se está vaciando. Cargue más vasos pronto.',
    },
    301: {
      title: 'Sin vasos',
      content:
        'El dispensador de vasos está vacío y no se pueden servir bebidas. Cargue vasos y compruebe que la pila cae sin atascarse.',
    },
    400: {
      title: 'Cambio insuficiente',
      content:
        'El robot no tiene cambio suficiente para devolver a los clientes. Reponga el cambio en la unidad de pago.',
    },
    650: {
      title: 'Máquina de café desconectada',
      content:
        'El robot perdió la conexión con la máquina de café y no se pueden preparar pedidos de café. Compruebe la alimentación de la máquina de café y el cable de datos hacia el robot.',
    },
    655: {
      title: 'La máquina de café no responde',
      content:
        'La máquina de café está conectada pero no responde a las órdenes del robot. Revise si su pantalla muestra errores y reiníciela si es necesario.',
    },
    3650: {
      title: 'Máquina de café reconectada',
      content: 'El robot vuelve a estar conectado a la máquina de café.',
    },
    3651: {
      title: 'La máquina de café vuelve a responder',
      content: 'La comunicación con la máquina de café ha vuelto a la normalidad.',
    },
    3652: {
      title: 'Máquina de café lista',
      content: 'La máquina de café ha terminado de arrancar y está lista para preparar bebidas.',
    },
    750: {
      title: 'Queda poco hielo',
      content:
        'El depósito de hielo se está vaciando; las bebidas con hielo pueden retrasarse mientras la máquina de hielo repone. Compruebe que la máquina de hielo está produciendo hielo.',
    },
    751: {
      title: 'La máquina de hielo no tiene agua',
      content:
        'La máquina de hielo no recibe agua y no puede fabricar hielo. Compruebe que la llave de entrada de agua está abierta y que la manguera y el filtro no están obstruidos.',
    },
    752: {
      title: 'Dispensación de hielo atascada',
      content:
        'No se pudo dispensar hielo. Revise el conducto de salida y el sinfín por si hay hielo apelmazado o atascado y retírelo.',
    },
    3750: {
      title: 'Nivel de hielo normal',
      content: 'El depósito de hielo se ha llenado de nuevo y el aviso de poco hielo (750) se ha resuelto.',
    },
    3751: {
      title: 'Suministro de agua de la máquina de hielo restablecido',
      content: 'La máquina de hielo vuelve a recibir agua y ha reanudado la producción de hielo.',
    },
    806: {
      title: 'Impresora de capuchino sin tinta',
      content:
        'La impresora de arte para capuchino se ha quedado sin tinta o no tiene cartucho. Sustituya el cartucho de tinta; mientras tanto, las bebidas se sirven sin dibujo impreso.',
    },
    807: {
      title: 'Impresora de capuchino desconectada',
      content:
        'El robot perdió la conexión con la impresora de arte para capuchino. Compruebe la alimentación de la impresora y su cable hacia el robot.',
    },
    808: {
      title: 'Error al imprimir en el capuchino',
      content:
        'La impresora no pudo imprimir el dibujo sobre una bebida. Compruebe que el cabezal de impresión está limpio y alineado con la posición del vaso.',
    },
    3806: {
      title: 'Tinta de la impresora repuesta',
      content: 'La impresora de arte para capuchino vuelve a tener tinta y ha reanudado la impresión.',
    },
    3807: {
      title: 'Impresora de capuchino conectada de nuevo',
      content: 'El robot vuelve a estar conectado a la impresora de arte para capuchino.',
    },
    1000: {
      title: 'Abierto al público',
      content: 'El robot ha abierto y está aceptando pedidos.',
    },
    1001: {
      title: 'Ventas en pausa',
      content:
        'El robot ha pausado las ventas y no acepta pedidos nuevos. Compruebe si lo pausó un operador o si hay un fallo que atender y, después, reanude las ventas.',
    },
    1002: {
      title: 'Cerrado al público',
      content: 'El robot ha cerrado y no aceptará pedidos hasta que vuelva a abrir.',
    },
    1005: {
      title: 'Pedido fallido sin recuperación',
      content:
        'Un pedido falló y el robot no pudo recuperarlo. Revise el pedido en la lista de pedidos, reembolse al cliente si es necesario y compruebe si el robot tiene algún fallo.',
    },
    4000: {
      title: 'Pedido completado',
      content: 'Un pedido se preparó y se entregó correctamente.',
    },
  },
  block: {
    'robot_arm.fault': (code) => ({
      title: `Fallo del brazo robótico ${code}`,
      content: `El brazo robótico notificó el fallo ${code} y se detuvo. Compruebe que nada bloquea su recorrido y que no hay nada atascado en la pinza; después, restablezca o reinicie el brazo. Si el fallo ${code} se repite, reinicie el robot y contacte con el servicio técnico.`,
    }),
    'robot_arm.resolved': (code) => ({
      title: `Fallo del brazo robótico ${code - 3000} resuelto`,
      content: `El fallo ${code - 3000} del brazo robótico se ha resuelto y el brazo vuelve a funcionar con normalidad. No es necesario hacer nada.`,
    }),
    'stock.low': (code) => {
      const n = code - 200000;
      return n === 1
        ? {
            title: 'Stock bajo (queda 1)',
            content: 'A un producto de este robot solo le queda 1 unidad. Repóngalo pronto para evitar que se agote.',
          }
        : {
            title: `Stock bajo (quedan ${n})`,
            content: `A un producto de este robot solo le quedan ${n} unidades. Repóngalo pronto para evitar que se agote.`,
          };
    },
    'icecream.refrigeration': fault(
      ICECREAM,
      'refrigeración',
      'sistema de refrigeración: compresor y condensador',
      'Compruebe que las rejillas de ventilación no están tapadas, que el condensador está limpio y que la sala no está demasiado caliente; después, reinicie la máquina.',
    ),
    'icecream.cylinder': fault(
      ICECREAM,
      'cilindro de congelación',
      'cilindro de congelación y batidor',
      'Compruebe que el producto del cilindro no está congelado en bloque ni en exceso y que el batidor gira libremente; deje que se descongele y reinicie la máquina.',
    ),
    'icecream.mix': fault(
      ICECREAM,
      'suministro de mezcla',
      'suministro de mezcla: tolva y bomba de mezcla',
      'Compruebe el nivel de mezcla en la tolva y rellénela si está baja; asegúrese de que el tubo de alimentación y la bomba están bien colocados y no obstruidos.',
    ),
    'icecream.temperature': fault(
      ICECREAM,
      'control de temperatura',
      'control de temperatura y tratamiento térmico',
      'Compruebe la temperatura del producto en la pantalla de la máquina y que la tapa de la tolva está cerrada; deje que termine cualquier ciclo de tratamiento térmico y reinicie la máquina.',
    ),
    'icecream.dispensing': fault(
      ICECREAM,
      'dispensación / controlador',
      'unidad de dispensación y controlador',
      'Compruebe que la válvula y la boquilla de salida no están obstruidas, que el vaso está en su posición y el cable entre la máquina y el controlador del robot; después, reinicie la máquina.',
    ),
    'milk.level': (code) => ({
      title: `Alerta de nivel de leche ${code}`,
      content: `El sistema de leche notificó la alerta de nivel ${code}. Compruebe el nivel de leche del depósito, que la sonda de nivel está limpia y en su sitio y que el tubo de leche llega al fondo del depósito; rellene si es necesario.`,
    }),
    'coffee.water': fault(
      COFFEE,
      'suministro de agua',
      'suministro de agua',
      'Compruebe que el depósito de agua está lleno o que la llave de entrada está abierta, que el filtro no está obstruido y que la manguera de entrada no está doblada.',
    ),
    'coffee.heating': fault(
      COFFEE,
      'calentamiento',
      'calentador y control de temperatura',
      'Apague la máquina de café unos minutos y vuelva a encenderla; compruebe que alcanza la temperatura de extracción y que el suministro de agua funciona.',
    ),
    'coffee.grinder': fault(
      COFFEE,
      'molino',
      'molino',
      'Compruebe que la tolva de granos tiene café y que ningún objeto extraño ni granos apelmazados bloquean el molino; límpielo y reinicie la máquina.',
    ),
    'coffee.brewing': fault(
      COFFEE,
      'unidad de infusión',
      'unidad de infusión',
      'Compruebe que la unidad de infusión está bien insertada y bloqueada y límpiela de posos de café; después, reinicie la máquina.',
    ),
    'coffee.control': fault(
      COFFEE,
      'módulo de leche / electrónica',
      'módulo de leche y electrónica',
      'Compruebe que el módulo de leche y sus tubos están conectados y que todos los cables están enchufados; después, reinicie la máquina.',
    ),
    'coffee.maintenance': fault(
      COFFEE,
      'funcionamiento / mantenimiento',
      'funcionamiento y mantenimiento',
      'Siga el mensaje de la pantalla de la máquina de café: vacíe el contenedor de posos y la bandeja de goteo, cierre todas las tapas y puertas y ejecute la limpieza o descalcificación que solicite.',
    ),
    'ice_maker.refrigeration': fault(
      ICE_MAKER,
      'refrigeración',
      'sistema de refrigeración',
      'Compruebe que las rejillas de ventilación de la máquina de hielo están despejadas, que el condensador está limpio y que la sala no está demasiado caliente; después, reiníciela.',
    ),
    'ice_maker.water': fault(
      ICE_MAKER,
      'suministro de agua',
      'suministro de agua y ciclo de fabricación de hielo',
      'Compruebe que la llave de entrada de agua está abierta, que la presión del agua es normal y que el filtro y la manguera de entrada no están obstruidos.',
    ),
    'ice_maker.harvest': fault(
      ICE_MAKER,
      'desmoldeo del hielo',
      'desmoldeo del hielo',
      'Compruebe si hay hielo pegado en el evaporador o si el mecanismo de desmoldeo está atascado; apague la máquina de hielo, deje que se derrita el hielo pegado y vuelva a encenderla.',
    ),
    'ice_maker.storage': fault(
      ICE_MAKER,
      'depósito / dispensación de hielo',
      'depósito de hielo y dispensación',
      'Compruebe que el depósito de hielo no está demasiado lleno ni con hielo apelmazado, que el sensor de nivel de hielo está limpio y que el sinfín y el conducto de salida giran libremente.',
    ),
    'order.retry': (code) => ({
      title: `Pedido fallido (intento ${code - 4000})`,
      content: `Un pedido falló en el intento ${code - 4000}. El robot reintenta el pedido si puede; consulte su estado final en la lista de pedidos y si es necesario un reembolso.`,
    }),
    'hw.coffee_boiler': fault(
      HARDWARE,
      'caldera de café',
      'caldera de café',
      'Compruebe que el suministro de agua está abierto y apague y encienda la máquina de café para que la caldera vuelva a calentar; si no alcanza la temperatura, el calentador o su sensor de temperatura necesitan revisión técnica.',
    ),
    'hw.steam_boiler': fault(
      HARDWARE,
      'caldera de vapor',
      'caldera de vapor',
      'Compruebe el suministro de agua y que la lanza de vapor no está obstruida; apague y encienda la máquina de café para que la caldera de vapor se vuelva a llenar y calentar.',
    ),
    'hw.grinder': fault(
      HARDWARE,
      'molino',
      'molinos',
      'Compruebe que los granos llegan al molino y que ningún objeto extraño ni granos apelmazados lo bloquean; limpie el conducto del molino y reinicie la máquina de café.',
    ),
    'hw.bean_bin': fault(
      HARDWARE,
      'tolva de granos',
      'tolvas de granos',
      'Compruebe que las tolvas de granos están llenas, bien colocadas y con la compuerta abierta; retire los granos apelmazados o aceitosos que obstruyan la salida.',
    ),
    'hw.milk_line': fault(
      HARDWARE,
      'conducto de leche',
      'conductos de leche',
      'Compruebe que los tubos de leche están conectados, no están doblados ni obstruidos y están sumergidos en la leche; ejecute la limpieza del circuito de leche si la máquina la solicita.',
    ),
    'hw.water_tray': fault(
      HARDWARE,
      'bandeja de agua',
      'bandeja de agua',
      'Vacíe y limpie la bandeja de agua (de goteo), introdúzcala hasta el fondo y compruebe que el desagüe no está obstruido.',
    ),
    'hw.brew_unit': fault(
      HARDWARE,
      'grupo de infusión',
      'grupo de infusión',
      'Compruebe que el grupo de infusión está insertado y bloqueado, retire los posos de café y reinicie la máquina de café para que el grupo vuelva a su posición inicial.',
    ),
    'hw.leak': fault(
      HARDWARE,
      'fuga detectada',
      'detección de fugas',
      'Cierre el suministro de agua, busque agua debajo y dentro de la máquina de café, revise mangueras y conexiones por si hay fugas y seque el sensor de fugas antes de volver a encenderla.',
    ),
  },
};

const texts: Record<number, NotifyText> = buildNotifyTexts(pack);
export default texts;
