-- +goose Up
-- The sections (门类) of the national industry classification GB/T 4754-2017.
CREATE TABLE industries (
    code    TEXT    PRIMARY KEY,
    name_zh TEXT    NOT NULL,
    name_en TEXT    NOT NULL,
    sort    INTEGER NOT NULL
);
INSERT INTO industries (code, name_zh, name_en, sort) VALUES
    ('A', '农、林、牧、渔业', 'Agriculture, forestry, animal husbandry and fishery', 1),
    ('B', '采矿业', 'Mining', 2),
    ('C', '制造业', 'Manufacturing', 3),
    ('D', '电力、热力、燃气及水生产和供应业', 'Production and supply of electricity, heat, gas and water', 4),
    ('E', '建筑业', 'Construction', 5),
    ('F', '批发和零售业', 'Wholesale and retail trade', 6),
    ('G', '交通运输、仓储和邮政业', 'Transport, storage and postal services', 7),
    ('H', '住宿和餐饮业', 'Accommodation and catering', 8),
    ('I', '信息传输、软件和信息技术服务业', 'Information transmission, software and information technology services', 9),
    ('J', '金融业', 'Finance', 10),
    ('K', '房地产业', 'Real estate', 11),
    ('L', '租赁和商务服务业', 'Leasing and business services', 12),
    ('M', '科学研究和技术服务业', 'Scientific research and technical services', 13),
    ('N', '水利、环境和公共设施管理业', 'Water conservancy, environment and public facilities management', 14),
    ('O', '居民服务、修理和其他服务业', 'Resident services, repair and other services', 15),
    ('P', '教育', 'Education', 16),
    ('Q', '卫生和社会工作', 'Health and social work', 17),
    ('R', '文化、体育和娱乐业', 'Culture, sports and entertainment', 18),
    ('S', '公共管理、社会保障和社会组织', 'Public administration, social security and social organizations', 19),
    ('T', '国际组织', 'International organizations', 20);

-- A company's register data and its administrator (a company user holding every company code).
ALTER TABLE companies ADD COLUMN credit_code    TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN industry_code  TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN province_code  TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN city_code      TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN county_code    TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN address        TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN contact_person TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN contact_phone  TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN remark         TEXT NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN admin_user_id  INTEGER REFERENCES users(id);
-- Companies made before this migration have no credit code yet; every new one has a unique one.
CREATE UNIQUE INDEX companies_credit_code ON companies (credit_code) WHERE credit_code <> '';
CREATE INDEX companies_created ON companies (created_at, id);
CREATE INDEX users_created ON users (created_at, id);

-- +goose Down
DROP INDEX users_created;
DROP INDEX companies_created;
DROP INDEX companies_credit_code;
ALTER TABLE companies DROP COLUMN admin_user_id;
ALTER TABLE companies DROP COLUMN remark;
ALTER TABLE companies DROP COLUMN contact_phone;
ALTER TABLE companies DROP COLUMN contact_person;
ALTER TABLE companies DROP COLUMN address;
ALTER TABLE companies DROP COLUMN county_code;
ALTER TABLE companies DROP COLUMN city_code;
ALTER TABLE companies DROP COLUMN province_code;
ALTER TABLE companies DROP COLUMN industry_code;
ALTER TABLE companies DROP COLUMN credit_code;
DROP TABLE industries;
