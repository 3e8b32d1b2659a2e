while goto
do end