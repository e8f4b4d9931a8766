/*
 * Name parts for a synthetic sanctions list (test support and the benchmark only): the naming
 * traditions the SDN and Consolidated lists are heavy with, their common Latin spellings, and the
 * native script of some (as SDN_ADVANCED.XML publishes them). Real, common name parts, so a
 * generated list has the collisions of a real one (thousands of Mohammeds, Ivanovs and Wangs); the
 * people they make up are fictional.
 */

/** A naming tradition: given names, family names, other spellings, native script, countries. */
export interface NameCulture {
  name: string;
  /** Share of the list's individuals. */
  weight: number;
  given: readonly string[];
  family: readonly string[];
  /** Other Latin spellings of a part, as OFAC lists them among a.k.a.s. */
  spellings: Readonly<Record<string, readonly string[]>>;
  /** The part in its own script, when the XML would publish one. */
  script?: { name: string; parts: Readonly<Record<string, string>> };
  countries: readonly string[];
  /** Whether a middle part is a patronymic built from a given name (Russian `-ovich`). */
  patronymic?: boolean;
}

const ARABIC_SCRIPT: Record<string, string> = {
  Mohammed: 'محمد', Ahmad: 'أحمد', Ali: 'علي', Hassan: 'حسن', Hussein: 'حسين', Omar: 'عمر', Khalid: 'خالد', Yusuf: 'يوسف',
  Ibrahim: 'إبراهيم', Abdullah: 'عبدالله', Faris: 'فارس', Nabil: 'نبيل', Samir: 'سمير', Tariq: 'طارق', Walid: 'وليد', Ziad: 'زياد',
  Karim: 'كريم', Hamza: 'حمزة', Mustafa: 'مصطفى', Salim: 'سليم', Jamal: 'جمال', Adel: 'عادل', Bilal: 'بلال', Rami: 'رامي',
  'Al-Hashimi': 'الهاشمي', 'Al-Masri': 'المصري', Haddad: 'حداد', Khoury: 'خوري', Nasser: 'ناصر', Saleh: 'صالح', Qureshi: 'قريشي',
  'Al-Tikriti': 'التكريتي', 'Al-Zubaidi': 'الزبيدي', Mansour: 'منصور', Darwish: 'درويش', Hamdan: 'حمدان', Shaheen: 'شاهين',
  Awad: 'عوض', Barakat: 'بركات', Sabbagh: 'صباغ', 'Al-Rashid': 'الرشيد', 'Al-Amin': 'الأمين', Jaber: 'جابر', Kassem: 'قاسم',
};

const CHINESE_SCRIPT: Record<string, string> = {
  Wang: '王', Li: '李', Zhang: '张', Liu: '刘', Chen: '陈', Yang: '杨', Huang: '黄', Zhao: '赵', Wu: '吴', Zhou: '周',
  Xu: '徐', Sun: '孙', Ma: '马', Zhu: '朱', Hu: '胡', Guo: '郭', He: '何', Lin: '林', Gao: '高', Luo: '罗',
  Wei: '伟', Fang: '芳', Min: '敏', Jing: '静', Lei: '磊', Jun: '军', Yan: '燕', Hui: '辉', Qiang: '强', Ping: '平',
  Gang: '刚', Hong: '红', Xin: '鑫', Bo: '波', Tao: '涛', Ming: '明', Hua: '华', Jian: '健', Yong: '勇', Chao: '超',
};

/** The naming traditions of the synthetic list. */
export const CULTURES: readonly NameCulture[] = [
  {
    name: 'arabic',
    weight: 30,
    given: ['Mohammed', 'Ahmad', 'Ali', 'Hassan', 'Hussein', 'Omar', 'Khalid', 'Yusuf', 'Ibrahim', 'Abdullah', 'Faris', 'Nabil', 'Samir', 'Tariq', 'Walid', 'Ziad', 'Karim', 'Hamza', 'Mustafa', 'Salim', 'Jamal', 'Adel', 'Bilal', 'Rami'],
    family: ['Al-Hashimi', 'Al-Masri', 'Haddad', 'Khoury', 'Nasser', 'Saleh', 'Qureshi', 'Al-Tikriti', 'Al-Zubaidi', 'Mansour', 'Darwish', 'Hamdan', 'Shaheen', 'Awad', 'Barakat', 'Sabbagh', 'Al-Rashid', 'Al-Amin', 'Jaber', 'Kassem'],
    spellings: {
      Mohammed: ['Muhammad', 'Mohamed', 'Mohammad'], Ahmad: ['Ahmed'], Hussein: ['Husayn', 'Hussain'], Yusuf: ['Youssef', 'Yousef'], Omar: ['Umar'],
      Khalid: ['Khaled'], Abdullah: ['Abdallah'], Faris: ['Fares'], Tariq: ['Tarek'], Walid: ['Waleed'], Ziad: ['Ziyad'], Mustafa: ['Mostafa'],
      Salim: ['Salem'], Jamal: ['Gamal'], 'Al-Hashimi': ['Al Hashemi'], 'Al-Masri': ['El Masri'], Qureshi: ['Kureishi'], Kassem: ['Qasim'], Shaheen: ['Shahin'],
    },
    script: { name: 'Arabic', parts: ARABIC_SCRIPT },
    countries: ['Syria', 'Iraq', 'Lebanon', 'Yemen', 'Egypt', 'Jordan', 'Saudi Arabia', 'West Bank', 'Libya'],
  },
  {
    name: 'russian',
    weight: 22,
    given: ['Dmitri', 'Sergei', 'Alexei', 'Vladimir', 'Igor', 'Oleg', 'Nikolai', 'Andrei', 'Mikhail', 'Yuri', 'Pavel', 'Viktor', 'Boris', 'Ivan', 'Anatoly', 'Gennady', 'Konstantin', 'Roman', 'Artem', 'Maxim'],
    family: ['Ivanov', 'Petrov', 'Smirnov', 'Kuznetsov', 'Popov', 'Sokolov', 'Lebedev', 'Kozlov', 'Novikov', 'Morozov', 'Volkov', 'Solovyov', 'Vasiliev', 'Zaitsev', 'Pavlov', 'Semenov', 'Golubev', 'Vinogradov', 'Bogdanov', 'Vorobyov', 'Fedorov', 'Mikhailov', 'Belyaev', 'Tarasov', 'Belov', 'Komarov', 'Orlov', 'Kiselev', 'Makarov', 'Andreev'],
    spellings: {
      Dmitri: ['Dmitriy', 'Dmitry'], Sergei: ['Sergey'], Alexei: ['Aleksey', 'Alexey'], Yuri: ['Yuriy', 'Iurii'], Anatoly: ['Anatoliy'], Gennady: ['Gennadiy'],
      Artem: ['Artyom'], Maxim: ['Maksim'], Solovyov: ['Soloviev'], Vasiliev: ['Vasilyev'], Semenov: ['Semyonov'], Vorobyov: ['Vorobiev'], Fedorov: ['Fyodorov'], Belyaev: ['Beliaev'],
    },
    countries: ['Russia', 'Belarus', 'Ukraine', 'Kazakhstan', 'Cyprus'],
    patronymic: true,
  },
  {
    name: 'persian',
    weight: 12,
    given: ['Reza', 'Mehdi', 'Hossein', 'Mohammad', 'Ali', 'Amir', 'Hamid', 'Majid', 'Saeed', 'Javad', 'Leila', 'Maryam', 'Fatemeh', 'Zahra', 'Hassan', 'Mahmoud'],
    family: ['Ahmadi', 'Hosseini', 'Karimi', 'Rezaei', 'Moradi', 'Taheri', 'Jafari', 'Rahimi', 'Mousavi', 'Sadeghi', 'Ghorbani', 'Farzaneh', 'Kazemi', 'Bagheri', 'Shirazi', 'Najafi', 'Zarif', 'Soleimani'],
    spellings: { Hossein: ['Hosein', 'Hussein'], Saeed: ['Said', 'Saied'], Mousavi: ['Musavi'], Mahmoud: ['Mahmud'], Rezaei: ['Rezaie'], Soleimani: ['Suleimani'] },
    countries: ['Iran', 'Iraq', 'United Arab Emirates'],
  },
  {
    name: 'chinese',
    weight: 12,
    given: ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Jun', 'Yan', 'Hui', 'Qiang', 'Ping', 'Gang', 'Hong', 'Xin', 'Bo', 'Tao', 'Ming', 'Hua', 'Jian', 'Yong', 'Chao'],
    family: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo', 'He', 'Lin', 'Gao', 'Luo'],
    spellings: { Zhou: ['Chou'], Zhang: ['Chang'], Xu: ['Hsu'], Chen: ['Chan'] },
    script: { name: 'Chinese Simplified', parts: CHINESE_SCRIPT },
    countries: ['China', 'Hong Kong', 'Korea, North'],
  },
  {
    name: 'hispanic',
    weight: 14,
    given: ['Jose', 'Juan', 'Carlos', 'Luis', 'Miguel', 'Jorge', 'Pedro', 'Rafael', 'Maria', 'Ana', 'Carmen', 'Rosa', 'Alejandro', 'Fernando', 'Ricardo', 'Javier', 'Manuel', 'Francisco', 'Antonio', 'Diego'],
    family: ['Garcia', 'Rodriguez', 'Martinez', 'Lopez', 'Gonzalez', 'Hernandez', 'Perez', 'Sanchez', 'Ramirez', 'Torres', 'Flores', 'Rivera', 'Gomez', 'Diaz', 'Cruz', 'Morales', 'Reyes', 'Gutierrez', 'Ortiz', 'Castillo', 'Mendoza', 'Vargas', 'Castro', 'Romero', 'Herrera'],
    spellings: { Jose: ['José'], Ramirez: ['Ramírez'], Hernandez: ['Hernández'], Gonzalez: ['González'], Perez: ['Pérez'], Lopez: ['López'], Martinez: ['Martínez'], Diaz: ['Díaz'] },
    countries: ['Mexico', 'Colombia', 'Venezuela', 'Panama', 'Cuba', 'Nicaragua'],
  },
  {
    name: 'korean-african-english',
    weight: 10,
    given: ['Chol', 'Kwang', 'Myong', 'Hyok', 'John', 'David', 'Michael', 'James', 'Peter', 'Samuel', 'Emmanuel', 'Chidi', 'Oluwaseun', 'Kwame'],
    family: ['Kim', 'Ri', 'Pak', 'Choe', 'Jong', 'Okonkwo', 'Adeyemi', 'Mensah', 'Smith', 'Johnson', 'Williams', 'Brown', 'Taylor', 'Okafor', 'Balogun'],
    spellings: { Ri: ['Lee', 'Rhee'], Pak: ['Park'], Choe: ['Choi'], Mensah: ['Mensa'] },
    countries: ['Korea, North', 'Nigeria', 'Ghana', 'United Kingdom', 'South Africa'],
  },
];

/** Latin to Cyrillic, longest first, for the Cyrillic forms of Russian names. */
export const TO_CYRILLIC: ReadonlyArray<readonly [string, string]> = [
  ['shch', 'щ'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'], ['ch', 'ч'], ['sh', 'ш'], ['yu', 'ю'], ['ya', 'я'], ['yo', 'ё'],
  ['a', 'а'], ['b', 'б'], ['v', 'в'], ['g', 'г'], ['d', 'д'], ['e', 'е'], ['z', 'з'], ['i', 'и'], ['y', 'й'], ['k', 'к'],
  ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'], ['r', 'р'], ['s', 'с'], ['t', 'т'], ['u', 'у'], ['f', 'ф'], ['x', 'кс'],
];

/** Words of organisation names: a distinctive first word, then what the business does. */
export const ORGANISATION_WORDS = {
  first: ['Silk', 'Neva', 'Baltic', 'Caspian', 'Gulf', 'Orient', 'Pacific', 'Amber', 'Crescent', 'Phoenix', 'Falcon', 'Dragon', 'Lotus', 'Cedar', 'Zenith', 'Horizon', 'Sunrise', 'Eagle', 'Atlas', 'Nile', 'Volga', 'Ural', 'Siberian', 'Arctic', 'Pearl', 'Emerald', 'Sapphire', 'Royal', 'Golden', 'Silver', 'Kunlun', 'Yangtze', 'Tigris', 'Euphrates', 'Sahara', 'Andes', 'Caribbean', 'Damascus', 'Tehran', 'Dandong', 'Shenzhen', 'Dubai', 'Minsk', 'Aleppo', 'Kabul', 'Meridian', 'Northern', 'Eastern', 'Trans', 'Petro'],
  trade: ['Global', 'Trading', 'Shipping', 'Petroleum', 'Energy', 'Import', 'Export', 'Investment', 'Holding', 'Group', 'Industrial', 'Maritime', 'Logistics', 'Bank', 'Finance', 'Construction', 'Technology', 'Electronics', 'Aviation', 'General', 'International', 'Development', 'Resources', 'Mining', 'Gold', 'Oil', 'Gas', 'Chemical', 'Pharmaceutical', 'Metals', 'Steel', 'Tankers', 'Navigation', 'Exchange', 'Commercial', 'Engineering', 'Services', 'Supply', 'Equipment', 'Systems'],
  legalForms: ['LLC', 'Ltd.', 'Co., Ltd.', 'JSC', 'OOO', 'FZE', 'S.A.', 'GmbH', 'Inc.', 'Limited', 'PJSC', 'S.A. de C.V.', 'L.L.C.', 'Company', 'Corp.'],
  countries: ['Russia', 'Iran', 'China', 'United Arab Emirates', 'Syria', 'Venezuela', 'Hong Kong', 'Turkey', 'Cyprus', 'Panama', 'Korea, North', 'Belarus'],
  vessels: ['Star', 'Wind', 'Spirit', 'Glory', 'Fortune', 'Breeze', 'Voyager', 'Queen', 'Dawn', 'Light', 'Hope', 'Pioneer'],
} as const;
