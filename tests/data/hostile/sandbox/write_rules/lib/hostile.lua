-- Once, rules.const.ships.cruiser = 1 in one empire's action made NEWCRS cost 1 BP for the
-- empires after it.
rules.const.ships.cruiser = 1
return {}
